/**
 * One call's session events, as the call screens show them (spec §4 Call, §8 call messages): an
 * answer, a refusal, a hang-up, no answer, a ring settled in another tab, the media connecting,
 * dropping and coming back, and the network's quality. The session, peer and offer machines are
 * src/webrtc's; this moves the screen of call-screen-state.ts after them.
 */
import { SessionConnectionState, type CallSession } from '../../../webrtc/browser';
import type { ChatRuntime } from '../../connections';
import type { Ringing } from './call-ringer';
import type { EndReason } from './call-screen-state';
import type { CallStore } from './call-store';
import { classifyQuality, lossBetween, sampleOf, type QualitySample } from './call-quality';
import { rejectReason } from './end-reason';

/** The call the controller holds, from the ring or the dial until it ends. */
export interface ActiveCall {
  runtime: ChatRuntime;
  session: CallSession;
  /** The mark of our `call` userInfo (end-reason.ts), null for a call that rang here. */
  mark: string | null;
  /**
   * Camera and microphone: the one owner of the call's own stream, which the call's session is
   * handed and the window's own view reads (call-controller.ts `localStream`); null before the
   * media opened and after the end.
   */
  local: MediaStream | null;
  /** Its tracks, kept while muted or sharing so they can come back. */
  tracks: { audio: MediaStreamTrack | null; video: MediaStreamTrack | null };
  closeNotification: () => void;
  /** The ring tone and the flashing title of an incoming call (call-ringer.ts). */
  ringing: Ringing | null;
  /** The previous stats sample, for the packet loss between two (call-quality.ts). */
  lastSample: QualitySample | null;
  /** Stops refreshing the TURN credentials (call-ice.ts). */
  stopIce: () => void;
  /** 'Leave' was confirmed: a call not yet answered is then canceled (docs/calls.md "Call records in the chat"). */
  hungUpByUs: boolean;
}

/** A call just rung or dialled: nothing on yet but its session. */
export const newCall = (runtime: ChatRuntime, session: CallSession, mark: string | null): ActiveCall => ({
  runtime,
  session,
  mark,
  local: null,
  tracks: { audio: null, video: null },
  closeNotification: () => undefined,
  ringing: null,
  lastSample: null,
  stopIce: () => undefined,
  hungUpByUs: false,
});

export interface SessionEventsHost {
  store: CallStore;
  /** Whether `call` is still the controller's call (it ended otherwise). */
  isCurrent(call: ActiveCall): boolean;
  finish(call: ActiveCall, reason: EndReason): void;
  /** The client's stream arrived or changed (the session holds it). */
  streamsChanged(): void;
}

/** Follows `call`'s session until it closes. */
export function followSession(
  call: ActiveCall,
  { store, isCurrent, finish, streamsChanged }: SessionEventsHost,
): void {
  const { session } = call;
  const { state } = store;
  const end = (reason: EndReason) => () => finish(call, reason);
  const offs = [
    session.on('accept', () => {
      if (isCurrent(call)) store.send('accepted');
    }),
    session.on('reject', ({ userInfo }) => finish(call, rejectReason(userInfo, call.mark))),
    session.on('stop', end('remoteHangUp')),
    // Spec §4: an invalid event of this session ends the call (a busy ring from someone else has
    // no session and leaves it alone).
    session.on('invalidEvent', end('ended')),
    session.on('userNotAnswer', end('noAnswer')),
    // The ring was answered or refused in another tab of this browser (they share one chat connection).
    session.on('settledElsewhere', ({ how }) =>
      finish(call, how === 'accepted' ? 'answeredElsewhere' : 'declinedElsewhere'),
    ),
    session.on('remoteStream', streamsChanged),
    session.on('connectionState', ({ state: connection }) => {
      if (connection !== SessionConnectionState.CONNECTED && connection !== SessionConnectionState.COMPLETED)
        return;
      if (isCurrent(call)) store.send('mediaUp');
    }),
    session.on('reconnection', ({ state: reconnection }) => {
      if (!isCurrent(call)) return;
      if (reconnection === 'reconnecting') store.send('mediaLost');
      if (reconnection === 'reconnected') store.send('mediaBack');
    }),
    session.on('stats', ({ stats }) => {
      if (!isCurrent(call)) return;
      const sample = sampleOf(stats);
      state.quality = classifyQuality(sample.roundTripMs, lossBetween(call.lastSample, sample));
      call.lastSample = sample;
    }),
    session.on('sessionClose', () => {
      finish(call, 'ended');
      for (const off of offs) off();
    }),
  ];
}
