/**
 * Local dates and wall-clock minutes in an IANA time zone (a provider's schedule zone), the same in
 * the server and the portal: daylight-saving days included, so a 09:00 window stays at 09:00.
 * Headless: `Intl` and @date-fns/tz. The calendar date alone needs only `Intl` (local-date.ts),
 * which the chat's message times import without the rest.
 */
import { TZDate } from '@date-fns/tz';

export { localDateAt } from './local-date';

/** The instant of `date` at `minute` minutes after local midnight in `timeZone` (1440 is the next midnight). */
export function instantAt(date: string, minute: number, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, Math.floor(minute / 60), minute % 60, 0, timeZone).getTime();
}

/** Minutes after local midnight of an instant, on the wall clock of `timeZone`. */
export function wallMinuteAt(instant: number, timeZone: string): number {
  const d = new TZDate(instant, timeZone);
  return d.getHours() * 60 + d.getMinutes();
}
