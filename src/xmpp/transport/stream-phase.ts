/**
 * The phases of one WebSocket stream (RFC 7395 §3, RFC 6120 §4–§7) as a transition table on the
 * shared machine kernel (src/shared/machine.ts, docs/conventions.md "What we do" 4): an illegal
 * move throws. A transport carries one stream, so `closed` is terminal.
 */
import { createMachine, type Machine } from '../../shared/machine';

export type StreamPhase =
  /** Created; `connect` not called. */
  | 'idle'
  /** The socket opens, `<open/>` goes out, the first features are awaited. */
  | 'opening'
  /** SASL under way (RFC 6120 §6). */
  | 'authenticating'
  /** The server refused the credentials; the stream waits to be closed. */
  | 'auth failed'
  /** After `<success/>`: the stream restarts and its new features are awaited (RFC 6120 §6.4.6). */
  | 'restarting'
  /**
   * Authenticated, the resource not bound: the session binds or resumes (XEP-0198 §5); stanzas
   * may go out (a resumed stream carries them without binding).
   */
  | 'bind required'
  /** The bind request (and, when the server requires it, the session request) is out. */
  | 'binding'
  | 'online'
  /** `<close/>` sent. */
  | 'closing'
  | 'closed';

const TABLE: Readonly<Record<StreamPhase, readonly StreamPhase[]>> = {
  idle: ['opening', 'closed'],
  opening: ['authenticating', 'closing', 'closed'],
  authenticating: ['auth failed', 'restarting', 'closing', 'closed'],
  'auth failed': ['closing', 'closed'],
  restarting: ['bind required', 'closing', 'closed'],
  'bind required': ['binding', 'closing', 'closed'],
  binding: ['online', 'closing', 'closed'],
  online: ['closing', 'closed'],
  closing: ['closed'],
  closed: [],
};

/** Phases in which the stream is authenticated and may carry stanzas. */
export const AUTHENTICATED: ReadonlySet<StreamPhase> = new Set(['bind required', 'binding', 'online']);

export function createStreamPhase(): Machine<StreamPhase> {
  return createMachine<StreamPhase>('chat stream', TABLE, 'idle');
}
