/** What a session needs from its client (docs/calls.md "API"). */
import type { CallTiming } from '../constants';
import type { Signal } from '../signalling/payload';
import type { Emitter } from '../../shared/emitter';
import type { RepeatingScheduler } from '../../shared/time/scheduler';
import type { CallEvents, WebRtcImplementation } from '../types';
import type { PeerLink, PeerLinkOptions } from './peer-link';

export interface SessionContext {
  me: number;
  iceServers: RTCIceServer[];
  wrtc: WebRtcImplementation | undefined;
  bandwidthLine: 'AS' | 'TIAS';
  timing: CallTiming;
  clock: RepeatingScheduler;
  emitter: Emitter<CallEvents>;
  /** Sends one signal of this session's kind to a participant. */
  send(to: number, signal: Signal): void;
  /** Wire §20.4 step 2: the carrier's ping-or-reconnect before dialing; null when it has none. */
  ensureConnected(): Promise<void> | null;
  newId(): string;
  /** Makes a peer link: simple-peer's, or a scripted one in unit tests. */
  createLink(options: PeerLinkOptions): PeerLink;
}
