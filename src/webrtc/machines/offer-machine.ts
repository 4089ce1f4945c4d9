/**
 * Who offers to whom, per participant of a session (wire §20.4–§20.5, docs/calls.md "Group
 * calls"): `idle` until a `call` arrives from them (`ringing`) or goes to them (`dialing`); I answer
 * a ringing offer (`answered`), they accept my call (`accepted`). `ended` is final: released,
 * rejected, hung up or not answered. The ICE side of the same participant is the peer machine.
 */
import { createMachine, type Machine } from './machine';

export const OfferState = {
  IDLE: 'idle',
  RINGING: 'ringing',
  DIALING: 'dialing',
  ANSWERED: 'answered',
  ACCEPTED: 'accepted',
  ENDED: 'ended',
} as const;
export type OfferState = (typeof OfferState)[keyof typeof OfferState];

const { IDLE, RINGING, DIALING, ANSWERED, ACCEPTED, ENDED } = OfferState;

export const OFFER_TRANSITIONS: Readonly<Record<OfferState, readonly OfferState[]>> = {
  [IDLE]: [RINGING, DIALING, ENDED],
  [RINGING]: [ANSWERED, ENDED],
  [DIALING]: [ACCEPTED, ENDED],
  [ANSWERED]: [ENDED],
  [ACCEPTED]: [ENDED],
  [ENDED]: [],
};

export function createOfferMachine(): Machine<OfferState> {
  return createMachine<OfferState>('call offer', OFFER_TRANSITIONS, IDLE);
}
