/**
 * The chat connection lifecycle of spec §4 ("Chat connection states: connecting, connected,
 * authenticating, auth failed, connection failed, error, disconnecting, disconnected, attached")
 * as a transition table on the shared machine kernel (src/shared/machine.ts): `transition(to)`
 * throws on an illegal move and emits the new state (docs/architecture.md §3, docs/conventions.md "What we do" 4).
 */
import { createMachine, type Machine } from '../../shared/machine';

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

export type ConnectionStateMachine = Machine<ConnectionState>;

/**
 * The chat connection's machine on the shared kernel: a status the transport reports again
 * (Strophe repeats some) is no move.
 */
export function createConnectionStateMachine(
  onChange: (state: ConnectionState) => void,
): ConnectionStateMachine {
  return createMachine<ConnectionState>('chat connection', CONNECTION_TRANSITIONS, 'disconnected', onChange, {
    stayingPutIsNoMove: true,
  });
}
