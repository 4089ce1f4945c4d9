/**
 * The public shape of the call client (docs/calls.md): what the portal's call screens, the member
 * simulator and the protocol console build on. Headless: no DOM API is used at run time; the
 * WebRTC implementation is the browser's or an injected one (`@roamhq/wrtc` in Node).
 */
import type { ModuleCarrier } from '../xmpp';
import type {
  CallTiming,
  CallType,
  PeerState,
  SessionConnectionState,
  SessionState,
  SignalType,
} from './constants';
import type { RepeatingScheduler } from '../shared/time/scheduler';

/**
 * What carries call signals: headlines of one module over the chat connection (wire §20.1), the
 * chat's one module carrier (`moduleCarrier` of src/xmpp) or a test's. `ensureConnected` is wire
 * §20.4 step 2 (`call` waits for it before dialing; without it `call` dials at once); `onSent`
 * reports a ringing call answered or refused in another tab of this browser (without it, a
 * connection of its own has no other tab).
 */
export type SignalCarrier = Pick<ModuleCarrier, 'on' | 'send'> &
  Partial<Pick<ModuleCarrier, 'ensureConnected' | 'onSent'>>;

/** The WebRTC classes simple-peer needs (its `wrtc` option); `@roamhq/wrtc` in Node. */
export interface WebRtcImplementation {
  RTCPeerConnection: typeof RTCPeerConnection;
  RTCSessionDescription: typeof RTCSessionDescription;
  RTCIceCandidate: typeof RTCIceCandidate;
  MediaStream?: typeof MediaStream;
}

/** The user map carried as `userInfo` (wire §20.2); values travel as strings. */
export type UserInfo = Record<string, string | number | boolean | null | undefined>;

/** A received `userInfo`: always an object of strings (wire §20.1). */
export type ReceivedUserInfo = Record<string, unknown>;

export interface CallClientOptions {
  carrier: SignalCarrier;
  /** My chat user id. */
  userId: number;
  /** STUN/TURN servers from configuration (README "Calls"). */
  iceServers: RTCIceServer[];
  /** Omit in the browser; `@roamhq/wrtc` in Node. */
  wrtc?: WebRtcImplementation;
  /**
   * The clock every call timer runs on (docs/calls.md "Timers"): real timers by default, a fake one
   * in tests so the 5 s, 30 s and 60 s timers of spec §9 run instantly.
   */
  clock?: RepeatingScheduler;
  timing?: Partial<CallTiming>;
  /** Busy rule of wire §20.5: reject an incoming call while another session is live (default true). */
  autoReject?: boolean;
  /** Busy rule of wire §20.5: how many NEW sessions may ring at once (default 1). */
  incomingLimit?: number;
  /** Bandwidth line flavour of wire §20.8: `b=AS` (default) or Firefox's `b=TIAS`. */
  bandwidthLine?: 'AS' | 'TIAS';
  /** Session id factory (default: a time-seeded UUID v4, wire §20.3). */
  newSessionId?: () => string;
}

export interface SessionOptions {
  /** Video bandwidth in kbit/s; 0 = unlimited (wire §20.8). */
  bandwidth?: number;
}

export type MediaKind = 'audio' | 'video';

export interface ReplaceTrackOptions {
  /** `MediaStreamTrack.contentHint`, e.g. 'detail' for a shared screen of charts. */
  contentHint?: string;
}

/** One direction's media figures (wire §20.8 "Stats"). */
export interface MediaStats {
  /** kbit/s over the last sampling period. */
  bitrate: number;
  bytes: number;
  packets: number;
  packetsLost: number;
  framesPerSecond?: number;
  frameWidth?: number;
  frameHeight?: number;
}

export interface CandidateStats {
  /** host, srflx, prflx or relay. */
  candidateType?: string;
  protocol?: string;
  ip?: string;
  port?: number;
}

export interface CallStats {
  local: { audio: MediaStats; video: MediaStats; candidate: CandidateStats };
  remote: { audio: MediaStats; video: MediaStats; candidate: CandidateStats };
  /** The selected candidate pair's current round-trip time, ms, when the browser reports it. */
  roundTripMs?: number;
}

export type ReconnectionState = 'reconnecting' | 'reconnected' | 'failed';

/** Events of the call client; every one but `invalidEvent` names its session. */
export interface CallEvents {
  /** An incoming call rang (`onCallListener`). */
  call: { session: CallSession; userId: number; userInfo: ReceivedUserInfo };
  accept: { session: CallSession; userId: number; userInfo: ReceivedUserInfo };
  reject: { session: CallSession; userId: number; userInfo: ReceivedUserInfo };
  /** The other side hung up (`hangUp`, `onStopCallListener`). */
  stop: { session: CallSession; userId: number; userInfo: ReceivedUserInfo };
  update: { session: CallSession; userId: number; userInfo: ReceivedUserInfo };
  /**
   * A signal that does not fit the session's state (wire §20.5 `onInvalidEventsListener`):
   * 'onCall' (busy auto-reject), 'onAccept', 'onStop'.
   */
  invalidEvent: {
    event: 'onCall' | 'onAccept' | 'onStop';
    sessionId: string;
    session: CallSession | null;
    userId: number;
    userInfo: ReceivedUserInfo;
  };
  /** Dialing gave up after the answer time (wire §20.4). */
  userNotAnswer: { session: CallSession; userId: number };
  /** ICE restart progress (wire §20.7). */
  reconnection: { session: CallSession; userId: number; state: ReconnectionState };
  remoteStream: { session: CallSession; userId: number; stream: MediaStream };
  connectionState: { session: CallSession; userId: number; state: SessionConnectionState };
  /** A peer's state machine moved. */
  peerState: { session: CallSession; userId: number; state: PeerState };
  /**
   * A call ringing here was answered (`accepted`) or refused (`refused`) in another tab of this
   * browser; the session closes here without a signal (it was never this tab's to answer).
   */
  settledElsewhere: { session: CallSession; how: 'accepted' | 'refused' };
  /** The session reached CLOSED. */
  sessionClose: { session: CallSession };
  stats: { session: CallSession; userId: number; stats: CallStats };
  /** A failure without a caller to tell (e.g. a peer connection error). */
  error: { session: CallSession | null; error: Error };
  /** Every signal sent or received, for a protocol console. */
  signal: { direction: 'in' | 'out'; userId: number; signalType: SignalType; sessionId: string };
}

export type CallEventName = keyof CallEvents;
export type Listener<K extends CallEventName> = (payload: CallEvents[K]) => void;

export interface CallSession {
  readonly id: string;
  readonly callType: CallType;
  readonly initiatorId: number;
  readonly currentUserId: number;
  /** Everyone but the initiator (wire §20.1 `opponentsIDs`). */
  readonly opponentIds: readonly number[];
  readonly state: SessionState;
  /** kbit/s, 0 = unlimited. */
  readonly bandwidth: number;
  readonly localStream: MediaStream | null;
  /** The other participants, from my side. */
  readonly peerIds: readonly number[];
  peerState(userId: number): PeerState | null;
  remoteStream(userId: number): MediaStream | null;
  /** The live RTCPeerConnection to a participant, for diagnostics (pre-call check, console). */
  peerConnection(userId: number): RTCPeerConnection | null;

  /**
   * Caller: dials every opponent with this stream. Rejects (and stops the session) with
   * 'Failed to obtain media permissions!' when the stream has no audio track (spec §5).
   */
  call(stream: MediaStream, userInfo?: UserInfo): Promise<void>;
  /** Callee: answers the ringing call with this stream (same audio rule). */
  accept(stream: MediaStream, userInfo?: UserInfo): Promise<void>;
  /** Callee: declines; `reject` goes to every peer, then the session closes. */
  reject(userInfo?: UserInfo): void;
  /** Hangs up: `hangUp` to every peer, then the session closes. */
  stop(userInfo?: UserInfo): void;
  /** Sends `update` with these keys at the top level (wire §20.2). */
  update(userInfo: UserInfo, userId?: number): void;
  /**
   * Swaps the sent track of a kind without renegotiation (wire §20.8): `null` mutes / turns the
   * camera off; a screen track shares the screen. The local stream is updated too.
   */
  replaceTrack(kind: MediaKind, track: MediaStreamTrack | null, options?: ReplaceTrackOptions): Promise<void>;
  /** One stats sample for a participant (also emitted as `stats` every `statsInterval`). */
  getStats(userId: number): Promise<CallStats>;
  /** Listens to this session's events only. */
  on<K extends CallEventName>(event: K, listener: Listener<K>): () => void;
}

export interface CallClient {
  readonly userId: number;
  readonly sessions: ReadonlyMap<string, CallSession>;
  /**
   * Creates a caller session (wire §20.4). Throws a CallError with the three texts of §20.4 for
   * missing or non-numeric opponents, or a NEW/ACTIVE session with the same opponents.
   */
  createSession(opponentIds: readonly number[], callType?: CallType, options?: SessionOptions): CallSession;
  on<K extends CallEventName>(event: K, listener: Listener<K>): () => void;
  off<K extends CallEventName>(event: K, listener: Listener<K>): void;
  /**
   * The ICE servers of every peer connection made from now on, ICE restarts included (wire §20.7):
   * fresh TURN credentials before the old ones expire (docs/calls.md "API").
   */
  setIceServers(iceServers: RTCIceServer[]): void;
  /** Stops listening to the carrier and hangs up every live session. */
  dispose(): void;
}
