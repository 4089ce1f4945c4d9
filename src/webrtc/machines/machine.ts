/**
 * A lifecycle as a transition table with one `transition(to)` that throws on an illegal move
 * (docs/conventions.md "What we do" 4); the session and peer machines of wire §20.3 use it.
 */
import { IllegalTransitionError } from '../errors';

export interface Machine<S extends string | number> {
  readonly state: S;
  /** Moves to `to` and reports it; throws IllegalTransitionError if the table forbids it. */
  transition(to: S): void;
  can(to: S): boolean;
}

export function createMachine<S extends string | number>(
  what: string,
  table: Readonly<Record<S, readonly S[]>>,
  initial: S,
  onChange: (state: S, from: S) => void = () => {},
): Machine<S> {
  let state = initial;
  const machine: Machine<S> = {
    get state() {
      return state;
    },
    can: (to) => table[state].includes(to),
    transition(to) {
      if (!machine.can(to)) throw new IllegalTransitionError(`Illegal ${what} transition: ${state} → ${to}`);
      const from = state;
      state = to;
      onChange(to, from);
    },
  };
  return machine;
}
