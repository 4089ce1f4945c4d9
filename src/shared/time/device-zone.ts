/**
 * The device's time zone, as `Intl` names it: sent with every own-API request (spec §7, the
 * `timezone` header) and the zone shown while the provider's own is not known (docs/architecture.md
 * §3 "Her time zone"). Reading it makes a formatter, which is costly (ICU's zone data: about 10 ms
 * on a throttled phone, on every request of a page's start: docs/performance.md "Where the main
 * thread goes"), so it is read again only after a minute: a device that crosses into another zone
 * sends the new one from its next minute.
 */

const REREAD_MS = 60_000;

let last: { zone: string; readAt: number } | null = null;

export function deviceTimeZone(now: number = Date.now()): string {
  if (last && now - last.readAt < REREAD_MS && now >= last.readAt) return last.zone;
  let zone = 'UTC';
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    // An environment without time zone data: the server reads UTC (spec §7).
  }
  last = { zone, readAt: now };
  return zone;
}
