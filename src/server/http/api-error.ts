/** The server's error type: an envelope code, a message for the user, optional data. */
import { ERROR_CODES, type ErrorCode, type FieldError } from '../../shared/api/envelope';

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly data: unknown;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, data: unknown = null, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
    this.headers = headers;
  }

  get status(): number {
    return ERROR_CODES[this.code];
  }

  static validation(fields: FieldError[]): ApiError {
    const first = fields[0];
    const message = first ? `${first.field ? `${first.field}: ` : ''}${first.message}` : 'Invalid request';
    return new ApiError('VALIDATION_ERROR', message, { fields });
  }

  static notFound(what: string): ApiError {
    return new ApiError('NOT_FOUND', `${what} not found`);
  }

  static forbidden(message = 'You do not have access to this resource'): ApiError {
    return new ApiError('FORBIDDEN', message);
  }
}
