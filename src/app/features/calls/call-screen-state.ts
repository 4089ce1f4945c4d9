/**
 * The call screen's lifecycle (spec §4 Call, §8 call messages) on the one machine kernel
 * (src/shared/machine.ts): what the provider sees, from the ring or the dial to the end text. The
 * screens it may move to from each (CALL_SCREEN_TRANSITIONS), and, once a call is on, where each
 * event of the call takes each screen (CALL_SCREEN_EVENTS). Illegal moves throw (docs/conventions.md
 * "What we do" 4); no event is dropped by looking at the screen first. The session and peer
 * machines themselves are src/webrtc's.
 */
import { createMachine, nextState, type Machine } from '../../../shared/machine';

export type CallScreen =
  'idle' | 'ringing' | 'dialing' | 'connecting' | 'connected' | 'reconnecting' | 'ended';

/** Why a call ended, each with its spec §8 text (call-texts.ts). */
export type EndReason =
  /** The other side refused our call (spec §8 'Declined.'). */
  | 'declined'
  /** The other side was in another call and refused automatically ('Line busy. Call not received.'). */
  | 'busy'
  /** Nobody answered within the answer time ('No response from your client'). */
  | 'noAnswer'
  /** The other side hung up ('End'). */
  | 'remoteHangUp'
  /** We refused the ring ('Hand up'), left after the confirm, the caller gave up, or the call failed ('Call ended'). */
  | 'ended'
  /** The ring was answered in another tab of this browser (docs/architecture.md §3 "One chat connection per browser"). */
  | 'answeredElsewhere'
  /** The ring was refused in another tab of this browser. */
  | 'declinedElsewhere';

const LIVE: readonly CallScreen[] = ['ringing', 'dialing', 'connecting', 'connected', 'reconnecting'];

/** From each screen, the screens it may move to. */
export const CALL_SCREEN_TRANSITIONS: Readonly<Record<CallScreen, readonly CallScreen[]>> = {
  idle: ['ringing', 'dialing'],
  ringing: ['connecting', 'ended'],
  dialing: ['connecting', 'connected', 'ended'],
  connecting: ['connected', 'ended'],
  connected: ['reconnecting', 'ended'],
  reconnecting: ['connected', 'ended'],
  ended: ['idle'],
};

/**
 * What moves the screen of a call that is on: the provider answers the ring, the client accepts
 * the provider's call, the media connects, drops and comes back (the session's connection and
 * reconnection), and the call ends.
 */
export type CallScreenEvent = 'answer' | 'accepted' | 'mediaUp' | 'mediaLost' | 'mediaBack' | 'end';

/**
 * Where each event takes each screen. Where an event leaves a screen as it is, the table says so:
 * the media may connect before the client's accept arrives, and drop and recover before it first
 * connected. An event a screen does not list is an illegal move: nothing moves an idle or ended
 * screen but starting or clearing a call (beginCall, resetCall in call-store.ts).
 */
export const CALL_SCREEN_EVENTS: Readonly<
  Record<CallScreen, Readonly<Partial<Record<CallScreenEvent, CallScreen>>>>
> = {
  idle: {},
  ringing: { answer: 'connecting', end: 'ended' },
  dialing: {
    accepted: 'connecting',
    mediaUp: 'connected',
    mediaLost: 'dialing',
    mediaBack: 'dialing',
    end: 'ended',
  },
  connecting: {
    accepted: 'connecting',
    mediaUp: 'connected',
    mediaLost: 'connecting',
    mediaBack: 'connecting',
    end: 'ended',
  },
  connected: {
    accepted: 'connected',
    mediaUp: 'connected',
    mediaLost: 'reconnecting',
    mediaBack: 'connected',
    end: 'ended',
  },
  reconnecting: {
    accepted: 'reconnecting',
    mediaUp: 'connected',
    mediaLost: 'reconnecting',
    mediaBack: 'connected',
    end: 'ended',
  },
  ended: {},
};

/** The screen `event` leads to from `screen`, or throws IllegalTransitionError. */
export const screenAfter = (screen: CallScreen, event: CallScreenEvent): CallScreen =>
  nextState('call screen', CALL_SCREEN_EVENTS, screen, event);

/**
 * The screen's machine, from `idle`; a move to the screen it shows is no move (the session's
 * events may report a state twice). A move the table forbids throws IllegalTransitionError.
 */
export function createCallScreenMachine(onChange: (screen: CallScreen) => void): Machine<CallScreen> {
  return createMachine<CallScreen>('call screen', CALL_SCREEN_TRANSITIONS, 'idle', onChange, {
    stayingPutIsNoMove: true,
  });
}

/** A call is on (ringing, dialing or talking): another ring is then ignored (spec §4). */
export const isLive = (screen: CallScreen) => LIVE.includes(screen);

/** The spec §8 status line key under `calls:status` for each screen. */
export function statusKey(screen: CallScreen, reason: EndReason | null): string | null {
  switch (screen) {
    case 'dialing':
    case 'connecting':
    case 'reconnecting':
      return 'status.connecting';
    case 'connected':
      return 'status.connected';
    case 'ended':
      return `status.end.${reason ?? 'ended'}`;
    default:
      return null;
  }
}
