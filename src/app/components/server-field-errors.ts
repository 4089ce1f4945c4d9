/**
 * A form's fields the server refused (spec §8 VALIDATION_ERROR, `data.fields`), each as a message
 * key in the provider's language as `fieldMessage` reads it (refusal-text.ts says how).
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../rest';
import type { FieldError } from '../../shared/api/envelope';
import { refusalKey } from './refusal-text';

export { failureLine, failureText, fieldText, refusalText } from './refusal-text';

/** A field's refusal as a message key with its number (field-message.ts), or the server's words. */
function fieldMessageOf(f: FieldError): string {
  const key = refusalKey(f);
  if (key === null) return f.message;
  return f.limit === undefined ? key : `${key}|${JSON.stringify({ limit: f.limit })}`;
}

export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: readonly string[],
): number {
  const fitting = Object.entries(serverFieldMessages(error, known));
  for (const [field, message] of fitting) setError(field as Path<T>, { type: 'server', message });
  return fitting.length;
}

/**
 * A call's `quiet` for a form (src/rest/client.ts): a failure that refuses one of its `known`
 * fields, which the form says at the field (`applyServerFieldErrors`), not again as a toast.
 */
export const refusesFields =
  (known: readonly string[]) =>
  (error: unknown): boolean =>
    Object.keys(serverFieldMessages(error, known)).length > 0;

/** The message key for each of the form's `known` fields the server refused (none for other errors). */
export function serverFieldMessages(error: unknown, known: readonly string[]): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const messages: Record<string, string> = {};
  for (const f of error.fields) if (known.includes(f.field)) messages[f.field] ??= fieldMessageOf(f);
  return messages;
}
