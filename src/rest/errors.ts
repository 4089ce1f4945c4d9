/**
 * `ApiError`: one failed own-API call, carrying the envelope code (docs/architecture.md §3, docs/conventions.md 5).
 * Transport failures get their own codes: TIMEOUT (spec §9: 20 s) and NETWORK_ERROR.
 */
import type { FieldError } from '../shared/api/envelope';
import { isTokenError } from '../shared/api/error-codes';

export type ClientErrorCode = 'TIMEOUT' | 'NETWORK_ERROR' | 'BAD_RESPONSE';

export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly data: unknown;

  constructor(code: string, message: string, status: number, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.data = data;
  }

  get isTokenError(): boolean {
    return isTokenError(this.code);
  }

  get isTimeout(): boolean {
    return this.code === 'TIMEOUT';
  }

  /** Field problems of a VALIDATION_ERROR (or of another error that names fields). */
  get fields(): FieldError[] {
    const data = this.data as { fields?: FieldError[] } | null;
    return Array.isArray(data?.fields) ? data.fields : [];
  }
}
