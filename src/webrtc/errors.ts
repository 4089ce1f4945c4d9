/** The call layer's error: its message is one of the texts of wire §20.4 or spec §8. */
export class CallError extends Error {
  override readonly name = 'CallError';
}

/** A move a transition table does not allow: the one error of the machine kernel (docs/conventions.md "What we do" 4). */
export { IllegalTransitionError } from '../shared/machine';
