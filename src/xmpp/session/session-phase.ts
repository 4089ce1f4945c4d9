/**
 * The logical chat session's lifecycle (docs/architecture.md §3 "Lifecycles are transition tables"): one session
 * over a series of streams, from the first login to a sign-out, as an event table on the shared
 * machine kernel (src/shared/machine.ts `nextState`). The connection states of spec §4 say what
 * one stream does; this table says what the session does across streams: whether a login is the
 * first (post-connect actions in full) or a re-login (rooms re-joined, `reconnect` fired),
 * whether a lost stream may be resumed (XEP-0198 §5) and whether stanzas written now are held,
 * sent, or refused (docs/lessons.md §5). session.ts sends each event and acts on the phase it
 * leads to; it never checks a phase to skip a move.
 */
import { nextState } from '../../shared/machine';

export type SessionPhase =
  /** No logical session: before the first login, after a first login failed, after a sign-out. */
  | 'signed out'
  /** The first login of the session is under way; nothing was online yet. */
  | 'logging in'
  /** A stream is up: stanzas go out. */
  | 'online'
  /**
   * The session was online and its stream went down: a resumption or a fresh login follows
   * (the reconnect loop), unless the server replaced it (`conflict`) or the session token expired.
   */
  | 'down'
  /** A sign-out on purpose closes the stream: no reconnect, no resumption. */
  | 'signing out';

export type SessionEvent =
  /** A login asked for while no session is open: the first login of a new session. */
  | 'log in'
  /** A stream came up: bound afresh or resumed (XEP-0198 §5). */
  | 'stream up'
  /** The stream closed without a sign-out: it failed, was refused or was lost. */
  | 'stream lost'
  /** A sign-out on purpose while a stream is open or opening: it is closed. */
  | 'sign out'
  /** A sign-out with no stream open or opening: the session ends at once. */
  | 'end'
  /** The stream a sign-out closed is closed. */
  | 'stream closed';

/** From each phase, the events it takes and the phase each leads to; any other event throws. */
export const SESSION_EVENTS: Readonly<Record<SessionPhase, Partial<Record<SessionEvent, SessionPhase>>>> = {
  'signed out': { 'log in': 'logging in', end: 'signed out' },
  // A first login that fails ends the session: nothing was online to come back to.
  'logging in': { 'stream up': 'online', 'stream lost': 'signed out', 'sign out': 'signing out' },
  online: { 'stream lost': 'down', 'sign out': 'signing out' },
  // An attempt to come back that fails leaves the session down, for the next one.
  down: { 'stream up': 'online', 'stream lost': 'down', 'sign out': 'signing out', end: 'signed out' },
  // A stream that comes up while a sign-out closes it is not online: the sign-out wins.
  'signing out': { 'stream up': 'signing out', 'stream closed': 'signed out' },
};

export interface SessionPhaseMachine {
  readonly state: SessionPhase;
  /** Moves by `event` and answers the phase it led to; throws IllegalTransitionError if the table has no such move. */
  send(event: SessionEvent): SessionPhase;
}

export function createSessionPhaseMachine(): SessionPhaseMachine {
  let state: SessionPhase = 'signed out';
  return {
    get state() {
      return state;
    },
    send(event) {
      state = nextState('chat session', SESSION_EVENTS, state, event);
      return state;
    },
  };
}
