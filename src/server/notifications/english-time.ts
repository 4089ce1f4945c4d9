/**
 * A time in the English fallback text of a notification: in the provider's time zone and named
 * with it ("Tue, 14 Jul 2026, 10:00 (Europe/London)"), never a raw UTC ISO string. The portal shows
 * its own translation from the template parameters instead, formatted by the same function
 * (src/shared/time/format.ts).
 */
import { formatInstant } from '../../shared/time/format';

export function englishTime(instant: Date | number, timeZone: string): string {
  return `${formatInstant(instant, 'en-GB', timeZone)} (${timeZone})`;
}
