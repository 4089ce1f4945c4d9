/** The appointment lifecycle: start, end and cancel only where the table allows. */
import { describe, expect, it } from 'vitest';
import { appointmentTransition } from '../../src/server/consultation/appointment-machine';
import { IllegalTransitionError } from '../../src/shared/machine';

describe('appointment transitions', () => {
  it('moves an upcoming consultation through its life', () => {
    expect(appointmentTransition('UPCOMING', 'START')).toBe('IN_PROGRESS');
    expect(appointmentTransition('IN_PROGRESS', 'END')).toBe('COMPLETED');
    expect(appointmentTransition('UPCOMING', 'END')).toBe('COMPLETED');
    expect(appointmentTransition('UPCOMING', 'CANCEL')).toBe('CANCELLED');
  });

  it.each([
    ['IN_PROGRESS', 'START'],
    ['IN_PROGRESS', 'CANCEL'],
    ['COMPLETED', 'START'],
    ['COMPLETED', 'END'],
    ['COMPLETED', 'CANCEL'],
    ['CANCELLED', 'START'],
    ['CANCELLED', 'END'],
  ] as const)('refuses %s + %s', (from, event) => {
    expect(() => appointmentTransition(from, event)).toThrow(IllegalTransitionError);
  });

  it('says what went wrong in words', () => {
    expect(() => appointmentTransition('CANCELLED', 'START')).toThrow(
      'A cancelled consultation cannot be started',
    );
  });
});
