/**
 * The calendar date in an IANA time zone, by `Intl` alone: what the chat's message times need
 * (src/app/features/chat/format-time.ts), without @date-fns/tz, which the rest of zoned.ts
 * loads (docs/performance.md "Route budgets").
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date `YYYY-MM-DD` at `instant` in `timeZone`. */
export function localDateAt(instant: number | Date, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(timeZone, format);
  }
  return format.format(instant);
}
