/**
 * The logical chat session's lifecycle (docs/architecture.md §3 "Lifecycles are transition tables"): one session
 * over a series of streams, from the first login to a sign-out, as a transition table on the
 * shared machine kernel (src/shared/machine.ts). The connection states of spec §4 say what one
 * stream does; this table says what the session does across streams: whether a login is the
 * first (post-connect actions in full) or a re-login (rooms re-joined, `reconnect` fired),
 * whether a lost stream may be resumed (XEP-0198 §5) and whether stanzas written now are held,
 * sent, or refused (docs/lessons.md §5).
 */
import { createMachine, type Machine } from '../../shared/machine';

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

/** From each phase, the phases it may move to. */
export const SESSION_TRANSITIONS: Readonly<Record<SessionPhase, readonly SessionPhase[]>> = {
  'signed out': ['logging in'],
  'logging in': ['online', 'signed out', 'signing out'],
  online: ['down', 'signing out'],
  down: ['online', 'signing out', 'signed out'],
  'signing out': ['signed out'],
};

export type SessionPhaseMachine = Machine<SessionPhase>;

export function createSessionPhaseMachine(): SessionPhaseMachine {
  return createMachine<SessionPhase>('chat session', SESSION_TRANSITIONS, 'signed out');
}
