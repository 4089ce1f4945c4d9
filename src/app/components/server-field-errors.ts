/**
 * Puts the server's field errors (VALIDATION_ERROR data.fields) on the form's fields it knows;
 * returns how many it put, so a form can show the message itself when none fit.
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../rest';

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

/** The server's message for each of the form's `known` fields it refused (none for other errors). */
export function serverFieldMessages(error: unknown, known: readonly string[]): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const messages: Record<string, string> = {};
  for (const f of error.fields) if (known.includes(f.field)) messages[f.field] ??= f.message;
  return messages;
}
