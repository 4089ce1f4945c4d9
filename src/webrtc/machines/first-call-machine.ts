/**
 * The first `call` of a dial (docs/calls.md "The first call", wire §20.4): `held` until the
 * caller's first local candidate, `settling` while the rest of that burst comes, then `sent`; or
 * `dropped` when dialing ends first (a hang-up during the hold sends no `call`).
 */
import { createMachine, type Machine } from './machine';

export const FirstCallState = {
  HELD: 'held',
  SETTLING: 'settling',
  SENT: 'sent',
  DROPPED: 'dropped',
} as const;
export type FirstCallState = (typeof FirstCallState)[keyof typeof FirstCallState];

const { HELD, SETTLING, SENT, DROPPED } = FirstCallState;

export const FIRST_CALL_TRANSITIONS: Readonly<Record<FirstCallState, readonly FirstCallState[]>> = {
  [HELD]: [SETTLING, SENT, DROPPED],
  [SETTLING]: [SENT, DROPPED],
  [SENT]: [],
  [DROPPED]: [],
};

export function createFirstCallMachine(): Machine<FirstCallState> {
  return createMachine<FirstCallState>('first call', FIRST_CALL_TRANSITIONS, HELD);
}
