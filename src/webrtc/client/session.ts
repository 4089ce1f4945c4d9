/**
 * A call session (wire §20.4–§20.5, spec §4 "Call session states"): its machine, one
 * {@link CallPeer} per other participant, the local media, and the handling of every received
 * signal. Created by the client, for a call I place or one that rings.
 */
import { SessionConnectionState, SessionState, SignalType, type CallType } from '../constants';
import { CallError } from '../errors';
import { OfferState } from '../machines/offer-machine';
import { isLive, createSessionMachine } from '../machines/session-machine';
import { requireAudio, swapTrack } from '../media/tracks';
import type { Signal } from '../signalling/payload';
import type { TimerHandle } from '../../shared/time/scheduler';
import type {
  CallEventName,
  CallSession,
  Listener,
  MediaKind,
  ReconnectionState,
  ReplaceTrackOptions,
  UserInfo,
} from '../types';
import type { SessionContext } from './context';
import { answer, dial, joinMesh } from './offers';
import { CallPeer, type PeerHost } from './peer';
import { handleSignal } from './session-signals';
import { sampleStats } from './session-stats';

export interface SessionInit {
  id: string;
  callType: CallType;
  initiatorId: number;
  opponentIds: number[];
  bandwidth: number;
}

export class Session implements CallSession, PeerHost {
  readonly id: string;
  readonly callType: CallType;
  readonly initiatorId: number;
  readonly opponentIds: readonly number[];
  readonly bandwidth: number;
  readonly peers = new Map<number, CallPeer>();
  readonly sending: Partial<Record<MediaKind, MediaStreamTrack | null>> = {};
  localStream: MediaStream | null = null;
  private readonly machine = createSessionMachine((state) => {
    if (state === SessionState.CLOSED) this.onClosed();
  });
  private readonly startedAt: number;
  private answerTimer: TimerHandle | null = null;
  private waitTimer: TimerHandle | null = null;
  private statsTimer: TimerHandle | null = null;
  /** Whether the other side knows of this session (a `call` went out or came in). */
  private known = false;

  constructor(
    readonly ctx: SessionContext,
    init: SessionInit,
  ) {
    this.id = init.id;
    this.callType = init.callType;
    this.initiatorId = init.initiatorId;
    this.opponentIds = init.opponentIds;
    this.bandwidth = init.bandwidth;
    this.startedAt = ctx.clock.now();
    for (const userId of [init.initiatorId, ...init.opponentIds]) {
      if (userId !== ctx.me && !this.peers.has(userId)) this.peers.set(userId, new CallPeer(userId, this));
    }
  }

  get currentUserId(): number {
    return this.ctx.me;
  }
  get state(): SessionState {
    return this.machine.state;
  }
  get active(): boolean {
    return this.machine.state === SessionState.ACTIVE;
  }
  get peerIds(): readonly number[] {
    return [...this.peers.keys()];
  }
  peerState(userId: number) {
    return this.peers.get(userId)?.machine.state ?? null;
  }
  remoteStream(userId: number) {
    return this.peers.get(userId)?.remoteStream ?? null;
  }
  peerConnection(userId: number) {
    return this.peers.get(userId)?.link?.pc ?? null;
  }

  on<K extends CallEventName>(event: K, listener: Listener<K>): () => void {
    return this.ctx.emitter.on(event, (payload) => {
      if ((payload as { session?: unknown }).session === this) listener(payload);
    });
  }

  // ---- PeerHost -------------------------------------------------------------------------------

  signal(to: number, signal: Partial<Signal> & { signalType: Signal['signalType'] }): void {
    this.ctx.send(to, {
      sessionId: this.id,
      callType: this.callType,
      callerId: this.initiatorId,
      opponentIds: [...this.opponentIds],
      ...signal,
    });
  }
  emitPeer(userId: number, state: CallPeer['machine']['state']): void {
    this.ctx.emitter.emit('peerState', { session: this, userId, state });
  }
  emitConnection(userId: number, state: SessionConnectionState): void {
    this.ctx.emitter.emit('connectionState', { session: this, userId, state });
    if (state === SessionConnectionState.CONNECTED || state === SessionConnectionState.COMPLETED)
      this.startStats();
  }
  emitReconnection(userId: number, state: ReconnectionState): void {
    this.ctx.emitter.emit('reconnection', { session: this, userId, state });
  }
  emitRemoteStream(userId: number, stream: MediaStream): void {
    this.ctx.emitter.emit('remoteStream', { session: this, userId, stream });
  }
  emitNotAnswer(userId: number): void {
    this.ctx.emitter.emit('userNotAnswer', { session: this, userId });
  }
  emitError(error: Error): void {
    this.ctx.emitter.emit('error', { session: this, error });
  }
  peerReleased(): void {
    if ([...this.peers.values()].every((peer) => peer.released) && this.state !== SessionState.CLOSED) {
      this.machine.transition(SessionState.CLOSED);
    }
  }

  // ---- Caller (wire §20.4) --------------------------------------------------------------------

  async call(stream: MediaStream, userInfo: UserInfo = {}): Promise<void> {
    this.takeStream(stream);
    this.machine.transition(SessionState.ACTIVE);
    const info = { ...userInfo, bandwidth: String(this.bandwidth) };
    const ready = this.ctx.ensureConnected();
    if (ready) {
      try {
        await ready;
      } catch (error) {
        // The chat could not come back: nobody can be reached, so the call ends.
        this.emitError(error as Error);
        this.stop();
        return;
      }
      // Hung up while the chat was coming back: nothing to dial.
      if (this.state !== SessionState.ACTIVE) return;
    }
    this.known = true;
    for (const peer of this.peers.values()) if (!peer.released) dial(this, peer, info);
  }

  // ---- Callee (wire §20.5) --------------------------------------------------------------------

  /**
   * A `call` of this session arrived: the first one, a re-dial refreshing the offer, or (in a group
   * call) another participant calling me, which an ACTIVE session accepts at once (wire §20.5).
   */
  receiveCall(from: number, sdp: string): void {
    // Every ring runs out (wire §20.5): the answer timer starts before anything else is checked.
    if (this.state === SessionState.NEW && this.answerTimer === null) {
      this.answerTimer = this.ctx.clock.setTimeout(() => {
        this.answerTimer = null;
        if (this.state === SessionState.NEW) this.closeAll();
      }, this.ctx.timing.answerTimeInterval);
    }
    const peer = this.peers.get(from);
    if (!peer || peer.released) return;
    this.known = true;
    if (this.state === SessionState.NEW) {
      if (peer.offer.state === OfferState.IDLE) peer.offer.transition(OfferState.RINGING);
      if (peer.offer.state === OfferState.RINGING) peer.remoteOffer = sdp;
    } else if (this.active && peer.offer.state === OfferState.IDLE) {
      peer.offer.transition(OfferState.RINGING);
      peer.remoteOffer = sdp;
      answer(this, peer, {});
    }
  }

  /**
   * wire §20.5: → ACTIVE, answer the caller (and whoever else of the group called me while it
   * rang), then call every other opponent with a lower id than mine; peers still not connected when
   * the remaining answer time runs out are not answered.
   */
  async accept(stream: MediaStream, userInfo: UserInfo = {}): Promise<void> {
    if (this.state === SessionState.ACTIVE) return;
    if (!isLive(this.state)) {
      // wire §20.5: accepting a closed session sends a stop instead.
      this.signal(this.initiatorId, { signalType: SignalType.STOP, userInfo });
      return;
    }
    this.takeStream(stream);
    this.machine.transition(SessionState.ACTIVE);
    this.clearTimer('answerTimer');
    const wait = Math.max(1000, this.ctx.timing.answerTimeInterval - (this.ctx.clock.now() - this.startedAt));
    this.waitTimer = this.ctx.clock.setTimeout(() => {
      this.waitTimer = null;
      for (const peer of this.peers.values()) {
        if (!peer.released && (peer.machine.state === 'new' || peer.machine.state === 'connecting')) {
          peer.release();
          this.emitNotAnswer(peer.userId);
        }
      }
      this.peerReleased();
    }, wait);
    joinMesh(this, this.initiatorId, userInfo);
  }

  reject(userInfo: UserInfo = {}): void {
    if (!isLive(this.state)) return;
    for (const peer of this.peers.values())
      this.signal(peer.userId, { signalType: SignalType.REJECT, userInfo });
    this.machine.transition(SessionState.REJECTED);
    this.closeAll();
  }

  /**
   * This ringing call was answered or refused in another tab of this browser (they share one chat
   * connection, so the caller hears that tab's answer): it closes here quietly, no signal sent.
   */
  settledElsewhere(how: 'accepted' | 'refused'): void {
    if (this.state !== SessionState.NEW) return;
    this.ctx.emitter.emit('settledElsewhere', { session: this, how });
    this.closeAll();
  }

  stop(userInfo: UserInfo = {}): void {
    if (!isLive(this.state)) return;
    for (const peer of this.peers.values()) {
      if (peer.reconnecting && !peer.released) this.emitReconnection(peer.userId, 'failed');
      if (this.known) this.signal(peer.userId, { signalType: SignalType.STOP, userInfo });
    }
    this.machine.transition(SessionState.HUNGUP);
    this.closeAll();
  }

  update(userInfo: UserInfo, userId?: number): void {
    const targets = userId === undefined ? [...this.peers.keys()] : [userId];
    for (const to of targets) this.signal(to, { signalType: SignalType.PARAMETERS_CHANGED, userInfo });
  }

  // ---- Media (wire §20.8) ---------------------------------------------------------------------

  private takeStream(stream: MediaStream): void {
    try {
      requireAudio(stream);
    } catch (error) {
      this.stop();
      throw error;
    }
    this.localStream = stream;
  }

  async replaceTrack(kind: MediaKind, track: MediaStreamTrack | null, options: ReplaceTrackOptions = {}) {
    if (track && options.contentHint !== undefined) track.contentHint = options.contentHint;
    this.sending[kind] = track;
    if (this.localStream && track) swapTrack(this.localStream, kind, track);
    await Promise.all([...this.peers.values()].map((peer) => peer.link?.replaceTrack(kind, track)));
  }

  async getStats(userId: number) {
    const pc = this.peerConnection(userId);
    if (!pc) throw new CallError(`No connection to user ${userId}`);
    return sampleStats(this.ctx.clock, pc);
  }

  private startStats(): void {
    const every = this.ctx.timing.statsInterval;
    if (this.statsTimer !== null || every <= 0) return;
    this.statsTimer = this.ctx.clock.setInterval(() => {
      for (const peer of this.peers.values()) {
        const pc = peer.link?.pc;
        if (!pc || !peer.connected) continue;
        sampleStats(this.ctx.clock, pc).then(
          (stats) => this.ctx.emitter.emit('stats', { session: this, userId: peer.userId, stats }),
          (error: unknown) => this.emitError(error as Error),
        );
      }
    }, every);
  }

  // ---- Incoming signals (client/session-signals.ts) ------------------------------------------

  handle(signal: Signal, from: number): void {
    handleSignal(this, signal, from);
  }

  // ---- Closing --------------------------------------------------------------------------------

  private clearTimer(name: 'answerTimer' | 'waitTimer'): void {
    const handle = this[name];
    if (handle !== null) this.ctx.clock.clearTimeout(handle);
    this[name] = null;
  }

  /** Releases every peer; the session reaches CLOSED. */
  private closeAll(): void {
    for (const peer of this.peers.values()) peer.release();
    this.peerReleased();
  }

  private onClosed(): void {
    this.clearTimer('answerTimer');
    this.clearTimer('waitTimer');
    if (this.statsTimer !== null) this.ctx.clock.clearInterval(this.statsTimer);
    this.statsTimer = null;
    this.ctx.emitter.emit('sessionClose', { session: this });
  }
}
