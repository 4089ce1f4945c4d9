/**
 * One participant of a session from my side: its peer machine (wire §20.3), its current link,
 * the remote candidates stored for it (wire §20.6), its dialing (wire §20.4, dialer.ts) and ICE
 * restart over `update` (wire §20.7; its timers in restart-timers.ts). The session owns the
 * signals' common keys.
 */
import { PeerState, SessionConnectionState, SignalType } from '../constants';
import { createOfferMachine, OfferState } from '../machines/offer-machine';
import { createPeerMachine } from '../machines/peer-machine';
import type { Machine } from '../machines/machine';
import type { IceCandidateInit, SessionDescriptionPayload, Signal } from '../signalling/payload';
import type { MediaKind, ReconnectionState } from '../types';
import type { SessionContext } from './context';
import { Dialer } from './dialer';
import { RestartTimers } from './restart-timers';
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
  private readonly dialer: Dialer;
  private readonly restartTimers: RestartTimers;

  constructor(
    readonly userId: number,
    private readonly host: PeerHost,
  ) {
    this.polite = host.ctx.me < userId;
    this.dialer = new Dialer(host.ctx.clock, host.ctx.timing);
    this.restartTimers = new RestartTimers(host.ctx.clock, host.ctx.timing);
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
    return this.restartTimers.running;
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
      onGathering: (complete) => this.dialer.gathering(complete),
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

  /** Dials this peer (wire §20.4, dialer.ts); no answer in time releases it. */
  startDialing(sendCall: () => void): void {
    this.dialer.start(sendCall, this.link?.gathered ?? 'none', () => {
      this.release();
      this.host.emitNotAnswer(this.userId);
      this.host.peerReleased();
    });
  }

  /** Ends dialing; a first `call` still held is never sent. */
  stopDialing(): void {
    this.dialer.stop();
  }

  get dialing(): boolean {
    return this.dialer.dialing;
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
        this.restartTimers.clear();
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
    this.restartTimers.start(
      () => this.connected,
      () => this.restart(),
      () => this.giveUp(),
    );
  }

  private giveUp(): void {
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

  /**
   * Ends this peer for good: machine → closed first (so what the link's end reports meanwhile
   * finds it released), then its offer, timers and link.
   */
  release(): void {
    if (this.released) return;
    this.move(PeerState.CLOSED);
    if (this.offer.state !== OfferState.ENDED) this.offer.transition(OfferState.ENDED);
    this.stopDialing();
    this.restartTimers.clear();
    this.link?.destroy();
    this.link = null;
  }
}
