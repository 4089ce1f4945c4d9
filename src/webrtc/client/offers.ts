/**
 * The two ways an offer goes between me and one participant of a session (wire §20.4–§20.5, the
 * offer machine of machines/offer-machine.ts): I dial them (`call` now and every 5 s until their
 * `accept`), or I answer the offer their `call` brought with my `accept`; and which of the two I
 * do with whom when I accept a group call (mesh).
 */
import { SignalType } from '../constants';
import { OfferState } from '../machines/offer-machine';
import type { UserInfo } from '../types';
import type { CallPeer, PeerHost } from './peer';

/** What {@link joinMesh} needs of a session. */
interface MeshHost extends PeerHost {
  readonly peers: ReadonlyMap<number, CallPeer>;
}

/**
 * Sends my offer to `peer` in `call` once its first candidates are in it, and every 5 s until
 * accepted; each `call` carries the offer as it is then (wire §20.4).
 */
export function dial(host: PeerHost, peer: CallPeer, userInfo: UserInfo): void {
  peer.offer.transition(OfferState.DIALING);
  peer.open(true, (type, sdp) => {
    if (type !== 'offer' || peer.localOffer !== null) return;
    peer.localOffer = sdp;
    peer.startDialing(() =>
      host.signal(peer.userId, { signalType: SignalType.CALL, sdp: peer.offerSdp, userInfo }),
    );
  });
}

/** Answers the offer of a ringing participant with `accept` (wire §20.5); others are left alone. */
export function answer(host: PeerHost, peer: CallPeer, userInfo: UserInfo): void {
  const offer = peer.remoteOffer;
  if (peer.released || peer.offer.state !== OfferState.RINGING || !offer) return;
  peer.offer.transition(OfferState.ANSWERED);
  peer.open(false, (type, sdp) => {
    if (type === 'answer') host.signal(peer.userId, { signalType: SignalType.ACCEPT, sdp, userInfo });
  });
  peer.applyRemote('offer', offer);
}

/**
 * On my accept (wire §20.5): answer every ringing participant, the caller first with my user info,
 * then call every other opponent with a lower id than mine (a higher one calls me).
 */
export function joinMesh(host: MeshHost, initiatorId: number, userInfo: UserInfo): void {
  const caller = host.peers.get(initiatorId);
  const others = [...host.peers.values()].filter((peer) => peer !== caller);
  for (const peer of caller ? [caller, ...others] : others) answer(host, peer, userInfo);
  for (const peer of others) {
    if (peer.userId < host.ctx.me && peer.offer.state === OfferState.IDLE)
      dial(host, peer, { bandwidth: String(host.bandwidth) });
  }
}
