/**
 * `src/webrtc`: the headless call client (docs/calls.md, wire §20). Runs in Node with an injected
 * WebRTC implementation; the browser entry `./browser` adds `webrtc-adapter` first.
 */
export { createCallClient } from './client/call-client';
export {
  WEBRTC_MODULE,
  SignalType,
  CallType,
  SessionState,
  PeerState,
  SessionConnectionState,
  CallErrorText,
  DEFAULT_TIMING,
  type CallTiming,
} from './constants';
export { CallError, IllegalTransitionError } from './errors';
export { realScheduler, type RepeatingScheduler, type TimerHandle } from '../shared/time/scheduler';
export { createFakeClock, type FakeClock } from '../shared/time/fake-clock';
export { encodeSignal, decodeSignal, type Signal, type IceCandidateInit } from './signalling/payload';
export { preferCodec, setBandwidth, removeExtmapAllowMixed } from './sdp/munge';
export type {
  CallClient,
  CallClientOptions,
  CallSession,
  CallEvents,
  CallEventName,
  CallStats,
  CandidateStats,
  MediaStats,
  MediaKind,
  Listener,
  ReceivedUserInfo,
  ReconnectionState,
  ReplaceTrackOptions,
  SessionOptions,
  SignalCarrier,
  UserInfo,
  WebRtcImplementation,
} from './types';
