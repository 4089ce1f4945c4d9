/**
 * The chat-service REST wire (docs/wire/hosted-chat.md §2): the vendor's error
 * bodies `{"errors": …}` (an array of texts or a field → texts map, §2.4), its timestamp formats
 * and the `QB-Token-ExpirationDate` header (§2.7). `/qb` never answers in the own-API envelope.
 */

/** §2.6, §21.3: the text that makes the SDK call its session-expired hook. */
export const SESSION_MISSING = 'Required session does not exist';

export type QbErrors = string[] | Record<string, string[]>;

/** One refused `/qb` request: the HTTP status and the vendor's `errors` body. */
export class QbError extends Error {
  readonly status: number;
  readonly errors: QbErrors;

  constructor(status: number, errors: QbErrors) {
    super(Array.isArray(errors) ? errors.join('; ') : JSON.stringify(errors));
    this.name = 'QbError';
    this.status = status;
    this.errors = errors;
  }

  static noSession(): QbError {
    return new QbError(401, [SESSION_MISSING]);
  }

  static needUser(): QbError {
    return new QbError(403, { base: ['Forbidden. Need user.'] });
  }

  static forbidden(message = 'You do not have permission to perform this operation'): QbError {
    return new QbError(403, { base: [message] });
  }

  static notFound(what = 'Entity'): QbError {
    return new QbError(404, { base: [`${what} not found`] });
  }

  /** 422 with one invalid field, the vendor's field → messages map. */
  static invalid(field: string, message: string): QbError {
    return new QbError(422, { [field]: [message] });
  }

  static unavailable(message: string): QbError {
    return new QbError(503, [message]);
  }
}

/** `2019-09-08T17:24:11Z`: the vendor's ISO form, whole seconds. */
export function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Unix seconds. */
export function unixSeconds(date: Date = new Date()): number {
  return Math.floor(date.getTime() / 1000);
}

/** §2.7 / §21.1: `YYYY-MM-DD HH:MM:SS UTC`. */
export function expirationHeader(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

export const EXPIRATION_HEADER = 'QB-Token-ExpirationDate';
