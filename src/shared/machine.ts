/**
 * The one machine kernel (docs/conventions.md "What we do" 4): a lifecycle is a transition table,
 * every move goes through it, and an illegal move throws {@link IllegalTransitionError}, which
 * names the machine, the state and the event. Two kinds of table use it:
 *
 * - a state's next states (`createMachine`: the chat connection, the app socket on both ends, a
 *   call's session, peer and offer, the call screen, the portal's idle clock), where the event is
 *   the state asked for;
 * - a state's events and where each leads (`nextState`: the portal session, whose events carry
 *   data, and records the server keeps, such as an appointment, an expert report or a profile's
 *   review, whose state is read from the database and written back).
 */

/** A move the machine's table does not allow. */
export class IllegalTransitionError extends Error {
  override name = 'IllegalTransitionError';
  constructor(
    /** Which machine, in words: `chat connection`, `call peer`, `appointment`. */
    readonly machine: string,
    readonly state: string,
    /** The event, or for a table of next states the state that was asked for. */
    readonly event: string,
    message = `Illegal ${machine} transition: ${state} → ${event}`,
  ) {
    super(message);
  }
}

export interface Machine<S extends string | number> {
  readonly state: S;
  /** Moves to `to` and reports it; throws IllegalTransitionError if the table forbids it. */
  transition(to: S): void;
  /** Whether `to` is a legal next state (for what a screen offers, never to skip a move). */
  can(to: S): boolean;
}

export interface MachineOptions {
  /**
   * A move to the state it is in is no move: nothing is reported (for states that several
   * sources may report, such as a transport's status). Otherwise the table must list it.
   */
  stayingPutIsNoMove?: boolean;
}

export function createMachine<S extends string | number>(
  name: string,
  table: Readonly<Record<S, readonly S[]>>,
  initial: S,
  onChange: (state: S, from: S) => void = () => {},
  options: MachineOptions = {},
): Machine<S> {
  let state = initial;
  const machine: Machine<S> = {
    get state() {
      return state;
    },
    can: (to) => table[state].includes(to),
    transition(to) {
      if (options.stayingPutIsNoMove && to === state) return;
      if (!machine.can(to)) throw new IllegalTransitionError(name, String(state), String(to));
      const from = state;
      state = to;
      onChange(to, from);
    },
  };
  return machine;
}

/**
 * The state `event` leads to from `from` in an event table, or throws IllegalTransitionError when
 * the table has no such move: with `refusal`'s words (which an API may pass on to its caller), or
 * the error `refusal` makes (a subclass that carries an API code as well).
 */
export function nextState<S extends string, E extends string, T extends S = S>(
  name: string,
  table: Readonly<Record<S, Partial<Record<E, T>>>>,
  from: S,
  event: E,
  refusal?: (from: S, event: E) => string | IllegalTransitionError,
): T {
  const to = table[from][event];
  if (to !== undefined) return to;
  const refused = refusal?.(from, event);
  throw refused instanceof IllegalTransitionError
    ? refused
    : new IllegalTransitionError(name, from, event, refused);
}
