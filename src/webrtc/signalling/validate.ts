/** Session creation rules of wire §20.4 and spec §5 "Call session creation". */
import { CallErrorText } from '../constants';
import { CallError } from '../errors';

/** The opponents as numbers, or the §20.4 error for a missing list or a non-numeric item. */
export function validateOpponents(opponentIds: unknown): number[] {
  if (opponentIds === undefined || opponentIds === null) throw new CallError(CallErrorText.NO_OPPONENTS);
  if (!Array.isArray(opponentIds)) throw new CallError(CallErrorText.OPPONENTS_NOT_NUMBERS);
  if (opponentIds.length === 0) throw new CallError(CallErrorText.NO_OPPONENTS);
  return opponentIds.map((id: unknown) => {
    const parsed = typeof id === 'number' ? id : Number.parseInt(String(id), 10);
    if (!Number.isInteger(parsed) || (typeof id === 'string' && !/^\s*-?\d/.test(id))) {
      throw new CallError(CallErrorText.OPPONENTS_NOT_NUMBERS);
    }
    return parsed;
  });
}

/** Whether two opponent sets are the same, order aside (the duplicate-session rule). */
export function sameOpponents(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort((m, n) => m - n);
  const y = [...b].sort((m, n) => m - n);
  return x.every((id, index) => id === y[index]);
}
