/**
 * Lifecycle of one app socket connection on the server, as a transition table (docs/architecture.md §3
 * "Lifecycles are explicit transition tables"): `transition(to)` throws on an illegal move.
 */
import { createMachine, type Machine } from '../../shared/machine';

export type SocketSessionState = 'awaiting-connect' | 'authenticating' | 'connected' | 'closing' | 'closed';

export const SOCKET_SESSION_TRANSITIONS: Readonly<Record<SocketSessionState, readonly SocketSessionState[]>> =
  {
    'awaiting-connect': ['authenticating', 'closing', 'closed'],
    authenticating: ['connected', 'closing', 'closed'],
    connected: ['closing', 'closed'],
    closing: ['closed'],
    closed: [],
  };

/** One socket's machine on the shared kernel (src/shared/machine.ts). */
export function createSocketSessionLifecycle(
  onChange: (state: SocketSessionState) => void = () => undefined,
): Machine<SocketSessionState> {
  return createMachine<SocketSessionState>(
    'app socket session',
    SOCKET_SESSION_TRANSITIONS,
    'awaiting-connect',
    onChange,
  );
}
