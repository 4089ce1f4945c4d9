/** The one machine kernel (src/shared/machine.ts): every move through the table, illegal ones throw one error. */
import { describe, expect, it } from 'vitest';
import { createMachine, IllegalTransitionError, nextState } from '../../../src/shared/machine';

type Light = 'off' | 'on' | 'broken';
const LIGHT: Record<Light, readonly Light[]> = { off: ['on'], on: ['off', 'broken'], broken: [] };

describe('createMachine', () => {
  it('moves along the table and reports each move with where it came from', () => {
    const seen: string[] = [];
    const light = createMachine<Light>('light', LIGHT, 'off', (to, from) => seen.push(`${from}→${to}`));
    light.transition('on');
    light.transition('broken');
    expect(light.state).toBe('broken');
    expect(seen).toEqual(['off→on', 'on→broken']);
  });

  it('throws one error naming the machine, the state and the event, and stays where it was', () => {
    const light = createMachine<Light>('light', LIGHT, 'off');
    let caught: unknown;
    try {
      light.transition('broken');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(IllegalTransitionError);
    expect(caught).toMatchObject({ machine: 'light', state: 'off', event: 'broken' });
    expect((caught as Error).message).toBe('Illegal light transition: off → broken');
    expect(light.state).toBe('off');
  });

  it('a move to the same state throws unless staying put is declared no move', () => {
    const strict = createMachine<Light>('light', LIGHT, 'off');
    expect(() => strict.transition('off')).toThrow(IllegalTransitionError);
    const seen: Light[] = [];
    const lenient = createMachine<Light>('light', LIGHT, 'off', (to) => seen.push(to), {
      stayingPutIsNoMove: true,
    });
    lenient.transition('off');
    expect(seen).toEqual([]);
  });
});

describe('nextState', () => {
  type Door = 'OPEN' | 'SHUT';
  type DoorEvent = 'CLOSE' | 'OPEN_UP';
  const DOOR: Record<Door, Partial<Record<DoorEvent, Door>>> = {
    OPEN: { CLOSE: 'SHUT' },
    SHUT: { OPEN_UP: 'OPEN' },
  };

  it('answers where an event leads', () => {
    expect(nextState<Door, DoorEvent>('door', DOOR, 'OPEN', 'CLOSE')).toBe('SHUT');
  });

  it('throws the same error with the words it is given for a move the table lacks', () => {
    expect(() =>
      nextState<Door, DoorEvent>('door', DOOR, 'OPEN', 'OPEN_UP', () => 'The door is open already'),
    ).toThrow(
      expect.objectContaining({
        machine: 'door',
        state: 'OPEN',
        event: 'OPEN_UP',
        message: 'The door is open already',
      }),
    );
  });

  it('throws the error the refusal makes, a subclass of the one error, as it is', () => {
    class DoorRefusal extends IllegalTransitionError {
      readonly code = 'DOOR_OPEN';
    }
    const refusal = new DoorRefusal('door', 'OPEN', 'OPEN_UP', 'The door is open already');
    expect(() => nextState<Door, DoorEvent>('door', DOOR, 'OPEN', 'OPEN_UP', () => refusal)).toThrow(refusal);
  });
});
