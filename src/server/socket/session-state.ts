/**
 * Lifecycle of one app socket connection on the server, as a transition table (docs/architecture.md §3
 * "Lifecycles are explicit transition tables"): `transition(to)` throws on an illegal move.
 */

export type SocketSessionState = 'awaiting-connect' | 'authenticating' | 'connected' | 'closing' | 'closed';

export const SOCKET_SESSION_TRANSITIONS: Readonly<Record<SocketSessionState, readonly SocketSessionState[]>> =
  {
    'awaiting-connect': ['authenticating', 'closing', 'closed'],
    authenticating: ['connected', 'closing', 'closed'],
    connected: ['closing', 'closed'],
    closing: ['closed'],
    closed: [],
  };

export class IllegalSocketTransition extends Error {
  constructor(from: SocketSessionState, to: SocketSessionState) {
    super(`App socket session cannot go from ${from} to ${to}`);
  }
}

export class SocketSessionLifecycle {
  #state: SocketSessionState = 'awaiting-connect';

  constructor(private readonly onChange: (state: SocketSessionState) => void = () => undefined) {}

  get state(): SocketSessionState {
    return this.#state;
  }

  can(to: SocketSessionState): boolean {
    return SOCKET_SESSION_TRANSITIONS[this.#state].includes(to);
  }

  transition(to: SocketSessionState): void {
    if (!this.can(to)) throw new IllegalSocketTransition(this.#state, to);
    this.#state = to;
    this.onChange(to);
  }
}
