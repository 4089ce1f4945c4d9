/**
 * The app socket connection lifecycle as a transition table (docs/conventions.md "What we do" 4, docs/architecture.md §3
 * "Lifecycles are explicit transition tables"): one `transition(to)` that throws on an illegal
 * move and tells the listeners the new state.
 */
import { createMachine, type Machine } from '../shared/machine';

export type AppSocketState =
  /** Created, not started. */
  | 'idle'
  /** A WebSocket is open or opening and CONNECT is on its way (spec §7 "Connects with the auth token"). */
  | 'connecting'
  /** CONNECTED received; subscriptions are in place. */
  | 'connected'
  /** The connection failed or dropped; the next attempt waits for its back-off (spec §7 "reconnects on failure"). */
  | 'waiting'
  /** The server refused the token (kicked, logged out, expired): no reconnect with it. */
  | 'rejected'
  /** Stopped on purpose (sign-out); terminal. */
  | 'stopped';

export const APP_SOCKET_TRANSITIONS: Readonly<Record<AppSocketState, readonly AppSocketState[]>> = {
  idle: ['connecting', 'stopped'],
  connecting: ['connected', 'waiting', 'rejected', 'stopped'],
  connected: ['waiting', 'rejected', 'stopped'],
  waiting: ['connecting', 'stopped'],
  rejected: ['stopped'],
  stopped: [],
};

export { IllegalTransitionError } from '../shared/machine';

export type ConnectionLifecycle = Machine<AppSocketState>;

/** The app socket's machine on the shared kernel (src/shared/machine.ts). */
export function createLifecycle(onChange: (state: AppSocketState) => void): ConnectionLifecycle {
  return createMachine<AppSocketState>('app socket', APP_SOCKET_TRANSITIONS, 'idle', onChange);
}
