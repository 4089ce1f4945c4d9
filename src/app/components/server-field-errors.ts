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
  if (!(error instanceof ApiError)) return 0;
  const fitting = error.fields.filter((f) => known.includes(f.field));
  for (const f of fitting) setError(f.field as Path<T>, { type: 'server', message: f.message });
  return fitting.length;
}
