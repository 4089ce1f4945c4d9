/**
 * The appointment lifecycle as a transition table (docs/conventions.md "What we do" 4): an upcoming
 * consultation starts, ends or is cancelled; one in progress ends; completed and cancelled ones
 * are final.
 */
import type { AppointmentStatus } from '../db/schema';

export type AppointmentEvent = 'START' | 'END' | 'CANCEL';

const TABLE: Record<AppointmentStatus, Partial<Record<AppointmentEvent, AppointmentStatus>>> = {
  UPCOMING: { START: 'IN_PROGRESS', END: 'COMPLETED', CANCEL: 'CANCELLED' },
  IN_PROGRESS: { END: 'COMPLETED' },
  COMPLETED: {},
  CANCELLED: {},
};

export class IllegalAppointmentTransition extends Error {
  constructor(
    readonly from: AppointmentStatus,
    readonly event: AppointmentEvent,
  ) {
    super(`A ${from.toLowerCase().replace('_', ' ')} consultation cannot be ${PAST[event]}`);
    this.name = 'IllegalAppointmentTransition';
  }
}

const PAST: Record<AppointmentEvent, string> = { START: 'started', END: 'ended', CANCEL: 'cancelled' };

/** Minutes before its start from which a consultation can be started. */
export const START_EARLY_MINUTES = 15;

export function appointmentTransition(from: AppointmentStatus, event: AppointmentEvent): AppointmentStatus {
  const to = TABLE[from][event];
  if (!to) throw new IllegalAppointmentTransition(from, event);
  return to;
}
