/**
 * The app socket connection lifecycle as a transition table (docs/conventions.md "What we do" 4, docs/architecture.md §3
 * "Lifecycles are explicit transition tables"): one `transition(to)` that throws on an illegal
 * move and tells the listeners the new state.
 */

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

export class IllegalTransitionError extends Error {
  override name = 'IllegalTransitionError';
  constructor(
    readonly from: AppSocketState,
    readonly to: AppSocketState,
  ) {
    super(`App socket cannot go from ${from} to ${to}`);
  }
}

export interface ConnectionLifecycle {
  readonly state: AppSocketState;
  /** Moves to `to` or throws {@link IllegalTransitionError}. */
  transition(to: AppSocketState): void;
  can(to: AppSocketState): boolean;
}

export function createLifecycle(onChange: (state: AppSocketState) => void): ConnectionLifecycle {
  let state: AppSocketState = 'idle';
  return {
    get state() {
      return state;
    },
    can: (to) => APP_SOCKET_TRANSITIONS[state].includes(to),
    transition(to) {
      if (!APP_SOCKET_TRANSITIONS[state].includes(to)) throw new IllegalTransitionError(state, to);
      state = to;
      onChange(to);
    },
  };
}
