/** Puts the server's field errors (VALIDATION_ERROR data.fields) on the form's fields. */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../rest';

export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: readonly string[],
): void {
  if (!(error instanceof ApiError)) return;
  for (const f of error.fields) {
    if (known.includes(f.field)) setError(f.field as Path<T>, { type: 'server', message: f.message });
  }
}
