/** Message times: the time of day for today, else the date (in the provider's language). */
export function formatMessageTime(ms: number, language: string, now = Date.now()): string {
  const date = new Date(ms);
  const today = new Date(now).toDateString() === date.toDateString();
  return new Intl.DateTimeFormat(language, today ? { timeStyle: 'short' } : { dateStyle: 'medium' }).format(
    date,
  );
}

export function formatFullTime(ms: number, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
}
