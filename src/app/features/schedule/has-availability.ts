/** Whether a provider has set hours clients can book (the dashboard's onboarding, the approval popup). */
import type { Schedule } from '../../../shared/api/schedule';

/** Saved once, with weekly hours or extra hours ahead; the defaults shown before saving do not count. */
export function hasAvailability(schedule: Schedule): boolean {
  return (
    schedule.configured && (schedule.weekly.length > 0 || schedule.overrides.some((o) => o.kind === 'EXTRA'))
  );
}
