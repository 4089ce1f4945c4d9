/** Spec §4 chat connection states as a transition table. */
import { describe, expect, it } from 'vitest';
import { CONNECTION_TRANSITIONS, type ConnectionState } from '../../../src/xmpp';
import { createConnectionStateMachine } from '../../../src/xmpp/session/connection-state';

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
});
