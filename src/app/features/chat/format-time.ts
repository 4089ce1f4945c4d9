/**
 * Message times in the provider's language and saved zone (docs/architecture.md §3 "Her time
 * zone"): the time of day for a message of her today, else the date. Her today is the calendar day
 * in that zone, not the browser's.
 */
import { dateTimeFormat } from '../../components/format';
import { localDateAt } from '../../../shared/time/local-date';

export function formatMessageTime(ms: number, language: string, timeZone: string, now = Date.now()): string {
  const today = localDateAt(ms, timeZone) === localDateAt(now, timeZone);
  return dateTimeFormat(
    language,
    today ? { timeStyle: 'short', timeZone } : { dateStyle: 'medium', timeZone },
  ).format(ms);
}
