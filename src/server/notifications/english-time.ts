/**
 * A time in the English fallback text of a notification: in the provider's time zone and named
 * with it ("Tue, 14 Jul 2026, 10:00 (Europe/London)"), never a raw UTC ISO string. The portal shows
 * its own translation from the template parameters instead.
 */
export function englishTime(instant: Date | number, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(instant);
  return `${text} (${timeZone})`;
}
