/**
 * The chat connection lifecycle of spec §4 ("Chat connection states: connecting, connected,
 * authenticating, auth failed, connection failed, error, disconnecting, disconnected, attached")
 * as a transition table with one `transition(to)` that throws on an illegal move and emits the
 * new state (docs/architecture.md §3, docs/conventions.md "What we do" 4).
 */
import { XmppError } from '../errors/errors';

export type ConnectionState =
  | 'disconnected'
  | 'connecting'
  | 'authenticating'
  | 'connected'
  | 'attached'
  | 'auth failed'
  | 'connection failed'
  | 'error'
  | 'disconnecting';

const FAILED = ['auth failed', 'connection failed', 'error'] as const;

/** From each state, the states it may move to. */
export const CONNECTION_TRANSITIONS: Readonly<Record<ConnectionState, readonly ConnectionState[]>> = {
  disconnected: ['connecting'],
  connecting: ['authenticating', 'connected', 'attached', ...FAILED, 'disconnecting', 'disconnected'],
  authenticating: ['connected', ...FAILED, 'disconnecting', 'disconnected'],
  connected: ['error', 'connection failed', 'disconnecting', 'disconnected'],
  attached: ['error', 'connection failed', 'disconnecting', 'disconnected'],
  'auth failed': ['disconnecting', 'disconnected'],
  'connection failed': ['disconnecting', 'disconnected'],
  error: ['connection failed', 'disconnecting', 'disconnected'],
  disconnecting: ['disconnected', 'error', 'connection failed'],
};

export interface ConnectionStateMachine {
  readonly state: ConnectionState;
  /** Moves to `to`; throws an XmppError if the table forbids it. Staying put is a no-op. */
  transition(to: ConnectionState): void;
  /** Whether `to` is a legal next state. */
  can(to: ConnectionState): boolean;
}

export function createConnectionStateMachine(
  onChange: (state: ConnectionState) => void,
): ConnectionStateMachine {
  let state: ConnectionState = 'disconnected';
  const machine: ConnectionStateMachine = {
    get state() {
      return state;
    },
    can: (to) => CONNECTION_TRANSITIONS[state].includes(to),
    transition(to) {
      if (to === state) return;
      if (!machine.can(to)) throw new XmppError(`Illegal chat connection transition: ${state} → ${to}`);
      state = to;
      onChange(to);
    },
  };
  return machine;
}
