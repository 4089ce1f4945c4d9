/** Spec §4 chat connection states as a transition table. */
import { describe, expect, it } from 'vitest';
import { CONNECTION_TRANSITIONS, type ConnectionState } from '../../../src/xmpp';
import { IllegalTransitionError } from '../../../src/shared/machine';
import { createConnectionStateMachine } from '../../../src/xmpp/session/connection-state';

const STATES = Object.keys(CONNECTION_TRANSITIONS) as ConnectionState[];

/** A machine walked to `state` along legal moves. */
function machineIn(state: ConnectionState) {
  const path: Record<ConnectionState, ConnectionState[]> = {
    disconnected: [],
    connecting: ['connecting'],
    authenticating: ['connecting', 'authenticating'],
    connected: ['connecting', 'authenticating', 'connected'],
    attached: ['connecting', 'attached'],
    'auth failed': ['connecting', 'authenticating', 'auth failed'],
    'connection failed': ['connecting', 'connection failed'],
    error: ['connecting', 'error'],
    disconnecting: ['connecting', 'disconnecting'],
  };
  const machine = createConnectionStateMachine(() => undefined);
  for (const step of path[state]) machine.transition(step);
  return machine;
}

describe('connection state machine', () => {
  it('names exactly the nine states of spec §4', () => {
    expect(Object.keys(CONNECTION_TRANSITIONS).sort()).toEqual(
      [
        'attached',
        'auth failed',
        'authenticating',
        'connected',
        'connecting',
        'connection failed',
        'disconnected',
        'disconnecting',
        'error',
      ].sort(),
    );
  });

  it('emits legal moves and throws on illegal ones', () => {
    const seen: ConnectionState[] = [];
    const machine = createConnectionStateMachine((s) => seen.push(s));
    machine.transition('connecting');
    machine.transition('authenticating');
    machine.transition('connected');
    machine.transition('connected');
    expect(() => machine.transition('authenticating')).toThrow(/connected → authenticating/);
    machine.transition('disconnected');
    expect(() => machine.transition('connected')).toThrow(/Illegal/);
    expect(seen).toEqual(['connecting', 'authenticating', 'connected', 'disconnected']);
  });

  it('reaches every failure state from an attempt and leaves it only by disconnecting', () => {
    for (const failure of ['auth failed', 'connection failed', 'error'] as const) {
      const machine = createConnectionStateMachine(() => undefined);
      machine.transition('connecting');
      machine.transition('authenticating');
      machine.transition(failure);
      expect(machine.can('connected')).toBe(false);
      expect(machine.can('disconnected')).toBe(true);
    }
  });

  it('takes every move its table lists', () => {
    for (const from of STATES) {
      for (const to of CONNECTION_TRANSITIONS[from]) {
        const machine = machineIn(from);
        machine.transition(to);
        expect(machine.state).toBe(to);
      }
    }
  });

  it('treats a status reported again (Strophe repeats some) as no move', () => {
    const seen: ConnectionState[] = [];
    const machine = createConnectionStateMachine((s) => seen.push(s));
    machine.transition('connecting');
    machine.transition('connecting');
    expect(seen).toEqual(['connecting']);
  });

  it('throws on every move its table does not list, naming the machine, the state and the state asked for', () => {
    for (const from of STATES) {
      for (const to of STATES.filter((s) => s !== from && !CONNECTION_TRANSITIONS[from].includes(s))) {
        const machine = machineIn(from);
        let error: unknown = null;
        try {
          machine.transition(to);
        } catch (caught) {
          error = caught;
        }
        expect(error).toBeInstanceOf(IllegalTransitionError);
        expect(error).toMatchObject({ machine: 'chat connection', state: from, event: to });
        expect(machine.state).toBe(from);
      }
    }
  });
});
