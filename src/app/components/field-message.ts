/**
 * A form field's error as text (docs/conventions.md "What we do" 5): the rules' message keys of
 * form-zod.ts and the server's refusals of server-field-errors.ts. Without zod, so the sign-in
 * form's first load carries it (docs/performance.md "Route budgets").
 */
import type { TFunction } from 'i18next';

/**
 * A field error's text: its message key translated in `ns` (the form's own namespace when none),
 * with the numbers it carries; a message that is no key is shown as it is.
 */
export function fieldMessage(t: TFunction, message: string | undefined, ns?: string): string | undefined {
  if (!message) return undefined;
  // Only our own `key|{…}`: a text that is no key may hold a bar.
  const carried = /^([\w.:]+)\|(\{.*\})$/.exec(message);
  const key = carried ? carried[1]! : message;
  const values = carried ? (JSON.parse(carried[2]!) as Record<string, number>) : {};
  // A key that names its namespace (`common:refused.…`, server-field-errors.ts) keeps it.
  return t(ns && !key.includes(':') ? `${ns}:${key}` : key, { ...values, defaultValue: key });
}
