/**
 * What a session does with each received signal (wire §20.4–§20.7): `call` refreshes the offer
 * (or, from another participant of an ACTIVE group call, is answered), `accept` of my own `call`
 * stops dialing and applies the answer, `reject` and `hangUp` release the peer,
 * `iceCandidates` are stored and added, `update` is reported and may restart ICE. A signal that
 * does not fit the state is an `invalidEvent` (wire §20.5).
 */
import { SignalType } from '../constants';
import { OfferState } from '../machines/offer-machine';
import { isLive } from '../machines/session-machine';
import type { Signal } from '../signalling/payload';
import type { ReceivedUserInfo } from '../types';
import type { Session } from './session';

const ANSWERABLE: readonly OfferState[] = [OfferState.DIALING, OfferState.ACCEPTED];

export function handleSignal(session: Session, signal: Signal, from: number): void {
  const peer = session.peers.get(from);
  // Only a participant of the session speaks in it (docs/calls.md "Who may ring"): a stranger who
  // learnt the session id can neither join, end nor disturb it.
  if (!peer) return;
  const userInfo: ReceivedUserInfo = (signal.userInfo as ReceivedUserInfo | undefined) ?? {};
  switch (signal.signalType) {
    case SignalType.CALL:
      if (signal.sdp !== undefined) session.receiveCall(from, signal.sdp);
      return;
    case SignalType.ACCEPT:
      // Only an answer to my own `call` counts (a repeat of one already heard is reported again).
      if (!session.active || peer.released || !ANSWERABLE.includes(peer.offer.state)) {
        session.ctx.emitter.emit('invalidEvent', {
          event: 'onAccept',
          sessionId: session.id,
          session,
          userId: from,
          userInfo,
        });
        return;
      }
      peer.stopDialing();
      if (peer.offer.state === OfferState.DIALING) peer.offer.transition(OfferState.ACCEPTED);
      // A carrier may deliver the accept while the link is being made: applyRemote keeps it then.
      if (signal.sdp && (!peer.link || peer.link.pc.signalingState !== 'stable'))
        peer.applyRemote('answer', signal.sdp);
      session.ctx.emitter.emit('accept', { session, userId: from, userInfo });
      return;
    case SignalType.REJECT:
      session.ctx.emitter.emit('reject', { session, userId: from, userInfo });
      peer.release();
      session.peerReleased();
      return;
    case SignalType.STOP:
      if (!isLive(session.state)) {
        session.ctx.emitter.emit('invalidEvent', {
          event: 'onStop',
          sessionId: session.id,
          session,
          userId: from,
          userInfo,
        });
        return;
      }
      session.ctx.emitter.emit('stop', { session, userId: from, userInfo });
      // Ended at once, as the SDK's processOnStop does (docs/wire/hosted-chat.md §20.5): the link
      // closing behind a hang-up is then no loss to recover from, and no `reconnecting` is heard.
      peer.release();
      session.peerReleased();
      return;
    case SignalType.CANDIDATE:
      // Stored while ringing too, so a peer that trickles before our accept is heard (wire §20.6).
      if (isLive(session.state)) peer.addCandidates(signal.iceCandidates ?? []);
      return;
    case SignalType.PARAMETERS_CHANGED:
      session.ctx.emitter.emit('update', { session, userId: from, userInfo });
      if (signal.reason === 'reconnect' && signal.sessionDescription && session.active) {
        peer.onReconnectSignal(signal.sessionDescription);
      }
      return;
  }
}
