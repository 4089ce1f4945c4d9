/**
 * The appointment lifecycle as a transition table on the shared kernel (src/shared/machine.ts, docs/conventions.md "What we do" 4): an upcoming
 * consultation starts, ends or is cancelled; one in progress ends; completed and cancelled ones
 * are final.
 */
import { nextState } from '../../shared/machine';
import type { AppointmentStatus } from '../db/schema';

export type AppointmentEvent = 'START' | 'END' | 'CANCEL';

const TABLE: Record<AppointmentStatus, Partial<Record<AppointmentEvent, AppointmentStatus>>> = {
  UPCOMING: { START: 'IN_PROGRESS', END: 'COMPLETED', CANCEL: 'CANCELLED' },
  IN_PROGRESS: { END: 'COMPLETED' },
  COMPLETED: {},
  CANCELLED: {},
};

const PAST: Record<AppointmentEvent, string> = { START: 'started', END: 'ended', CANCEL: 'cancelled' };

/** Minutes before its start from which a consultation can be started. */
export const START_EARLY_MINUTES = 15;

/** The status after `event`, or throws IllegalTransitionError (src/shared/machine.ts) in words for the caller. */
export function appointmentTransition(from: AppointmentStatus, event: AppointmentEvent): AppointmentStatus {
  return nextState(
    'appointment',
    TABLE,
    from,
    event,
    () => `A ${from.toLowerCase().replace('_', ' ')} consultation cannot be ${PAST[event]}`,
  );
}
