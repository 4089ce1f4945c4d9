/**
 * One participant of a session from my side: its peer machine (wire §20.3), its current link,
 * the remote candidates stored for it (wire §20.6), dialing (wire §20.4) and ICE restart over
 * `update` (wire §20.7). The session owns the signals' common keys; this file owns the timers.
 */
import { PeerState, SessionConnectionState, SignalType } from '../constants';
import { createOfferMachine, OfferState } from '../machines/offer-machine';
import { createPeerMachine } from '../machines/peer-machine';
import type { Machine } from '../machines/machine';
import type { IceCandidateInit, SessionDescriptionPayload, Signal } from '../signalling/payload';
import type { TimerHandle } from '../../shared/time/scheduler';
import type { MediaKind, ReconnectionState } from '../types';
import type { SessionContext } from './context';
import { FirstCall } from './first-call';
import type { PeerLink } from './peer-link';

/** What a peer asks of its session. */
export interface PeerHost {
  readonly ctx: SessionContext;
  readonly active: boolean;
  readonly bandwidth: number;
  readonly localStream: MediaStream | null;
  readonly sending: Partial<Record<MediaKind, MediaStreamTrack | null>>;
  /** Sends a signal of this session to this peer's user (session keys added by the session). */
  signal(to: number, signal: Partial<Signal> & { signalType: Signal['signalType'] }): void;
  emitPeer(userId: number, state: PeerState): void;
  emitConnection(userId: number, state: SessionConnectionState): void;
  emitReconnection(userId: number, state: ReconnectionState): void;
  emitRemoteStream(userId: number, stream: MediaStream): void;
  emitNotAnswer(userId: number): void;
  emitError(error: Error): void;
  /** A peer was released; the session closes when all are. */
  peerReleased(): void;
}

const ICE_TO_CONNECTION: Partial<Record<RTCIceConnectionState, SessionConnectionState>> = {
  checking: SessionConnectionState.CONNECTING,
  connected: SessionConnectionState.CONNECTED,
  completed: SessionConnectionState.COMPLETED,
  failed: SessionConnectionState.FAILED,
  disconnected: SessionConnectionState.DISCONNECTED,
  closed: SessionConnectionState.CLOSED,
};

export class CallPeer {
  readonly machine: Machine<PeerState>;
  /** Who offers to whom (machines/offer-machine.ts); `machine` is the ICE side. */
  readonly offer = createOfferMachine();
  /** wire §20.4: polite = my id is lower. */
  readonly polite: boolean;
  link: PeerLink | null = null;
  remoteStream: MediaStream | null = null;
  private announced: MediaStream | null = null;
  /**
   * While `open` makes a link: the remote description a carrier delivered meanwhile, applied once
   * the link is there. Null when no link is being made.
   */
  private opening: { early: { type: 'offer' | 'answer'; sdp: string } | null } | null = null;
  /** The offer received in `call` (callee side). */
  remoteOffer: string | null = null;
  /** My offer, re-sent while dialing (caller side). */
  localOffer: string | null = null;
  remoteCandidates: IceCandidateInit[] = [];
  private pendingOfferId: string | null = null;
  private dialTimer: TimerHandle | null = null;
  /** The first `call` of the current dial, held for the first local candidates (first-call.ts). */
  private firstCall: FirstCall | null = null;
  private iceWaitTimer: TimerHandle | null = null;
  private disconnectTimer: TimerHandle | null = null;

  constructor(
    readonly userId: number,
    private readonly host: PeerHost,
  ) {
    this.polite = host.ctx.me < userId;
    this.machine = createPeerMachine((state) => host.emitPeer(userId, state));
  }

  get connected(): boolean {
    return this.machine.state === PeerState.CONNECTED || this.machine.state === PeerState.COMPLETED;
  }

  /** Ended for good: the peer machine's final state, which only {@link release} moves to. */
  get released(): boolean {
    return this.machine.state === PeerState.CLOSED;
  }

  /** An ICE restart is under way (wire §20.7): one of its timers runs until ICE is back or it gives up. */
  get reconnecting(): boolean {
    return this.iceWaitTimer !== null || this.disconnectTimer !== null;
  }

  private move(to: PeerState): void {
    if (this.machine.state !== to) this.machine.transition(to);
  }

  /** Starts a link: an initiator makes an offer, a non-initiator waits for {@link answer}. */
  open(
    initiator: boolean,
    onDescription: (type: 'offer' | 'answer', sdp: string) => void,
    iceRestart = false,
  ): void {
    const stream = this.host.localStream;
    if (!stream) throw new Error('A peer needs the local stream first');
    this.link?.destroy();
    this.link = null;
    this.remoteStream = null;
    this.move(PeerState.CONNECTING);
    const { ctx } = this.host;
    const opening = { early: null as { type: 'offer' | 'answer'; sdp: string } | null };
    this.opening = opening;
    const link = ctx.createLink({
      initiator,
      iceServers: ctx.iceServers,
      wrtc: ctx.wrtc,
      stream,
      sending: this.host.sending,
      bandwidth: this.host.bandwidth,
      bandwidthLine: ctx.bandwidthLine,
      iceRestart,
      onDescription,
      onCandidates: (iceCandidates) =>
        this.host.signal(this.userId, { signalType: SignalType.CANDIDATE, iceCandidates }),
      onGathering: (complete) => (complete ? this.firstCall?.go() : this.firstCall?.candidate()),
      onIceState: (state) => this.onIceState(state),
      onRemoteStream: (remote) => {
        this.remoteStream = remote;
        if (this.connected) this.announceStream();
      },
      onLost: (error) => this.onLost(error),
    });
    this.opening = null;
    // A carrier may answer at once, while the link is being made: a reject to our first `call`
    // releases us, an answer to our first offer waits for the link.
    if (this.released) {
      link.destroy();
      return;
    }
    this.link = link;
    if (opening.early) this.applyRemote(opening.early.type, opening.early.sdp);
  }

  /** wire §20.8: the remote stream is announced once connected, once per stream (a restart brings a new one). */
  private announceStream(): void {
    if (!this.remoteStream || this.remoteStream === this.announced) return;
    this.announced = this.remoteStream;
    this.host.emitRemoteStream(this.userId, this.remoteStream);
  }

  /** Applies a remote description and every stored candidate (wire §20.6). */
  applyRemote(type: 'offer' | 'answer', sdp: string): void {
    if (!this.link) {
      if (this.opening) this.opening.early = { type, sdp };
      return;
    }
    this.link.setRemote(type, sdp);
    this.link.addRemoteCandidates(this.remoteCandidates);
  }

  addCandidates(candidates: readonly IceCandidateInit[]): void {
    this.remoteCandidates.push(...candidates);
    if (this.link?.hasRemoteDescription) this.link.addRemoteCandidates(candidates);
  }

  /** My offer as a `call` carries it now: the link's local description, with its candidates (wire §20.4). */
  get offerSdp(): string {
    return this.link?.localSdp ?? this.localOffer ?? '';
  }

  // Dialing (wire §20.4): `call` once the first local candidates are in its offer, then every
  // dialingTimeInterval until the answer time. A callee given the caller's candidates with the
  // offer checks them as soon as it answers; the SDK's own re-sent calls carry them the same way
  // (docs/calls.md "The first call"). The timer is set first: a carrier may deliver the `accept`
  // while the first `call` is being sent.
  startDialing(sendCall: () => void): void {
    const { clock, timing } = this.host.ctx;
    let elapsed = 0;
    this.dialTimer = clock.setInterval(() => {
      elapsed += timing.dialingTimeInterval;
      if (elapsed < timing.answerTimeInterval) {
        sendCall();
        return;
      }
      this.stopDialing();
      this.release();
      this.host.emitNotAnswer(this.userId);
      this.host.peerReleased();
    }, timing.dialingTimeInterval);
    this.firstCall = new FirstCall(clock, timing, sendCall, this.link?.gathered ?? 'none');
  }

  /** Ends dialing; a first `call` still held is never sent (a hang-up during the hold sends no `call`). */
  stopDialing(): void {
    this.firstCall?.drop();
    this.firstCall = null;
    if (this.dialTimer !== null) this.host.ctx.clock.clearInterval(this.dialTimer);
    this.dialTimer = null;
  }

  get dialing(): boolean {
    return this.dialTimer !== null;
  }

  private onIceState(state: RTCIceConnectionState): void {
    const connection = ICE_TO_CONNECTION[state];
    // A link closes only when we release the peer or lose the link (onLost); neither is an ICE move.
    if (connection === undefined || state === 'closed') return;
    try {
      this.move(state as PeerState);
    } catch (error) {
      this.host.emitError(error as Error);
      return;
    }
    this.host.emitConnection(this.userId, connection);
    if (state === 'connected' || state === 'completed') {
      this.announceStream();
      if (this.reconnecting) {
        this.clearReconnectTimers();
        this.host.emitReconnection(this.userId, 'reconnected');
      }
    } else if (state === 'disconnected' || state === 'failed') {
      this.startReconnecting();
    }
  }

  private onLost(error: Error | null): void {
    this.link = null;
    if (this.released) return;
    if (error) this.host.emitError(error);
    if (!this.host.active) {
      this.release();
      this.host.peerReleased();
      return;
    }
    // A link is made after the move to connecting and goes before closed, so the peer is past
    // new and not closed here; a link lost after ICE reported `failed` is that same failure.
    if (this.machine.state !== PeerState.FAILED) this.move(PeerState.FAILED);
    this.startReconnecting();
  }

  // ICE restart (wire §20.7).
  private startReconnecting(): void {
    if (this.reconnecting || !this.host.active || this.released) return;
    this.host.emitReconnection(this.userId, 'reconnecting');
    const { clock, timing } = this.host.ctx;
    this.iceWaitTimer = clock.setTimeout(() => {
      this.iceWaitTimer = null;
      if (this.connected) return;
      this.disconnectTimer = clock.setTimeout(
        () => this.giveUp(),
        Math.max(0, timing.disconnectTimeInterval - timing.iceConnectWait),
      );
      this.restart();
    }, timing.iceConnectWait);
  }

  private giveUp(): void {
    this.disconnectTimer = null;
    if (this.released) return;
    this.release();
    this.host.emitConnection(this.userId, SessionConnectionState.CLOSED);
    this.host.emitReconnection(this.userId, 'failed');
    this.host.peerReleased();
  }

  /** Sends a new offer with a new offerId over `update` (wire §20.7 step 2). */
  restart(): void {
    if (!this.host.active || this.released) return;
    const offerId = this.host.ctx.newId();
    this.pendingOfferId = offerId;
    // Candidates of the old connection do not belong to the new one (wire §20.7).
    this.remoteCandidates = [];
    this.open(
      true,
      (type, sdp) => {
        if (type !== 'offer') return;
        this.host.signal(this.userId, {
          signalType: SignalType.PARAMETERS_CHANGED,
          reason: 'reconnect',
          sessionDescription: { offerId, sdp, type: 'offer' },
        });
      },
      true,
    );
  }

  /** A received `update` with reason=reconnect (wire §20.7 step 3). */
  onReconnectSignal(description: SessionDescriptionPayload): void {
    if (this.released) return;
    if (description.type === 'answer') {
      if (description.offerId !== this.pendingOfferId) return;
      this.pendingOfferId = null;
      this.applyRemote('answer', description.sdp);
      return;
    }
    if (!this.polite) {
      if (this.pendingOfferId === null) this.restart();
      return;
    }
    this.pendingOfferId = null;
    this.remoteCandidates = [];
    this.open(false, (type, sdp) => {
      if (type !== 'answer') return;
      this.host.signal(this.userId, {
        signalType: SignalType.PARAMETERS_CHANGED,
        reason: 'reconnect',
        sessionDescription: { offerId: description.offerId, sdp, type: 'answer' },
      });
    });
    this.applyRemote('offer', description.sdp);
  }

  private clearReconnectTimers(): void {
    const { clock } = this.host.ctx;
    if (this.iceWaitTimer !== null) clock.clearTimeout(this.iceWaitTimer);
    if (this.disconnectTimer !== null) clock.clearTimeout(this.disconnectTimer);
    this.iceWaitTimer = null;
    this.disconnectTimer = null;
  }

  /**
   * Ends this peer for good: machine → closed first (so what the link's end reports meanwhile
   * finds it released), then its offer, timers and link.
   */
  release(): void {
    if (this.released) return;
    this.move(PeerState.CLOSED);
    if (this.offer.state !== OfferState.ENDED) this.offer.transition(OfferState.ENDED);
    this.stopDialing();
    this.clearReconnectTimers();
    this.link?.destroy();
    this.link = null;
  }
}
