/**
 * The vendor's call constants, docs/wire/hosted-chat.md §20.1 and §20.3; the timers of spec §9.
 */
import {
  CALL_ANSWER_TIMEOUT_MS,
  CALL_DIALING_REPEAT_MS,
  CALL_DISCONNECT_TIMEOUT_MS,
  CALL_ICE_CONNECT_WAIT_MS,
  CALL_INCOMING_LIMIT,
  CALL_PREFERRED_CODEC,
} from '../shared/constants';

/** The `moduleIdentifier` of every call signal (wire §20.1). */
export const WEBRTC_MODULE = 'WebRTCVideoChat';

/** Signal types (wire §20.1 `qbWebRTCSignalingConstants.js`). */
export const SignalType = {
  CALL: 'call',
  ACCEPT: 'accept',
  REJECT: 'reject',
  STOP: 'hangUp',
  CANDIDATE: 'iceCandidates',
  PARAMETERS_CHANGED: 'update',
} as const;
export type SignalType = (typeof SignalType)[keyof typeof SignalType];

/** Call type (wire §20.3). */
export const CallType = { VIDEO: 1, AUDIO: 2 } as const;
export type CallType = (typeof CallType)[keyof typeof CallType];

/** Session state (wire §20.3, spec §4 "Call session states"). */
export const SessionState = { NEW: 1, ACTIVE: 2, HUNGUP: 3, REJECTED: 4, CLOSED: 5 } as const;
export type SessionState = (typeof SessionState)[keyof typeof SessionState];

/** Peer state (wire §20.3 `qbRTCPeerConnection.js`, spec §4 "Peer states"). */
export const PeerState = {
  NEW: 'new',
  CONNECTING: 'connecting',
  CHECKING: 'checking',
  CONNECTED: 'connected',
  DISCONNECTED: 'disconnected',
  FAILED: 'failed',
  CLOSED: 'closed',
  COMPLETED: 'completed',
} as const;
export type PeerState = (typeof PeerState)[keyof typeof PeerState];

/** Connection state reported per opponent (wire §20.3 `SessionConnectionState`). */
export const SessionConnectionState = {
  UNDEFINED: 0,
  CONNECTING: 1,
  CONNECTED: 2,
  FAILED: 3,
  DISCONNECTED: 4,
  CLOSED: 5,
  COMPLETED: 6,
} as const;
export type SessionConnectionState = (typeof SessionConnectionState)[keyof typeof SessionConnectionState];

/** The session-creation errors of wire §20.4, word for word. */
export const CallErrorText = {
  NO_OPPONENTS: "Can't create a session without the opponentsIDs.",
  OPPONENTS_NOT_NUMBERS: '"opponentsIDs" should be Array of numbers',
  DUPLICATE_SESSION:
    "Can't create a session with the same opponentsIDs. There is a session already in NEW or ACTIVE state.",
  /** spec §5 "Calls and screen share need media permission with at least one audio track". */
  NO_MEDIA: 'Failed to obtain media permissions!',
} as const;

/** Timers in milliseconds (spec §9, wire §20.3–§20.7); every one can be overridden for tests. */
export interface CallTiming {
  /** Dialing gives up and the callee's answer timer fires after this (60 s). */
  answerTimeInterval: number;
  /** The `call` signal is re-sent this often while dialing (5 s). */
  dialingTimeInterval: number;
  /** How long ICE may stay disconnected before the restart timer starts (`ICE_TIMEOUT`, 5 s). */
  iceConnectWait: number;
  /** Disconnected longer than this ends the peer (30 s, counting the 5 s wait). */
  disconnectTimeInterval: number;
  /** Stats sampling period; 0 turns sampling off. */
  statsInterval: number;
  /**
   * The first `call` waits at most this long for the caller's first local candidates, so that its
   * offer carries them (wire §20.4, docs/calls.md "The first call"): 100 ms.
   */
  firstCallHold: number;
  /** After the first local candidate, the first `call` waits this long for the rest of that burst (10 ms). */
  candidateSettle: number;
}

export const DEFAULT_TIMING: CallTiming = {
  answerTimeInterval: CALL_ANSWER_TIMEOUT_MS,
  dialingTimeInterval: CALL_DIALING_REPEAT_MS,
  iceConnectWait: CALL_ICE_CONNECT_WAIT_MS,
  disconnectTimeInterval: CALL_DISCONNECT_TIMEOUT_MS,
  statsInterval: 5_000,
  firstCallHold: 100,
  candidateSettle: 10,
};

export const DEFAULT_INCOMING_LIMIT = CALL_INCOMING_LIMIT;
export const PREFERRED_CODEC = CALL_PREFERRED_CODEC;
