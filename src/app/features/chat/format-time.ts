/** Message times: the time of day for today, else the date (in the provider's language). */
import { dateTimeFormat } from '../../components/format';

export function formatMessageTime(ms: number, language: string, now = Date.now()): string {
  const date = new Date(ms);
  const today = new Date(now).toDateString() === date.toDateString();
  return dateTimeFormat(language, today ? { timeStyle: 'short' } : { dateStyle: 'medium' }).format(date);
}
