/**
 * The call session lifecycle of wire §20.3 and spec §4 "Call session states": NEW → ACTIVE on
 * call or accept; REJECTED on reject, HUNGUP on stop, CLOSED when all peers close.
 */
import { SessionState } from '../constants';
import { createMachine, type Machine } from './machine';

const { NEW, ACTIVE, HUNGUP, REJECTED, CLOSED } = SessionState;

export const SESSION_TRANSITIONS: Readonly<Record<SessionState, readonly SessionState[]>> = {
  [NEW]: [ACTIVE, REJECTED, HUNGUP, CLOSED],
  [ACTIVE]: [HUNGUP, REJECTED, CLOSED],
  [HUNGUP]: [CLOSED],
  [REJECTED]: [CLOSED],
  [CLOSED]: [],
};

export const isLive = (state: SessionState): boolean => state === NEW || state === ACTIVE;

export function createSessionMachine(
  onChange?: (state: SessionState, from: SessionState) => void,
): Machine<SessionState> {
  return createMachine<SessionState>('call session', SESSION_TRANSITIONS, NEW, onChange);
}
