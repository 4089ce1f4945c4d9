/**
 * Chat-service errors (docs/wire/hosted-chat.md §2.4, §2.5; spec §8 "Service errors"): the HTTP status
 * as `code`, the mapped text as `message` (401 Unauthorized, 403 Forbidden, 408 Request Timeout,
 * 422 Unprocessable Entity, 502 Bad Gateway, else Unknown error) and the server's `errors` as
 * `detail`.
 */
const MESSAGES: Readonly<Record<number, string>> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  408: 'Request Timeout',
  422: 'Unprocessable Entity',
  502: 'Bad Gateway',
};

export function chatErrorMessage(code: number): string {
  return MESSAGES[code] ?? 'Unknown error';
}

export class ChatServiceError extends Error {
  /** HTTP status; 0 when no answer arrived or it was not JSON. 408 for a client-side time-out. */
  readonly code: number;
  readonly status = 'error' as const;
  /** The server's `errors`: a list of texts or a field → texts map. */
  readonly detail: unknown;
  /** The whole parsed answer, or its text. */
  readonly body: unknown;

  constructor(code: number, body: unknown) {
    super(chatErrorMessage(code));
    this.name = 'ChatServiceError';
    this.code = code;
    this.body = body;
    this.detail =
      typeof body === 'object' && body !== null && 'errors' in body
        ? (body as { errors: unknown }).errors
        : null;
  }

  /** §2.6: 401 whose text contains "session does not exist" (the session-expired hook's trigger). */
  get isSessionMissing(): boolean {
    const text = typeof this.body === 'string' ? this.body : JSON.stringify(this.body ?? '');
    return this.code === 401 && text.toLowerCase().includes('session does not exist');
  }

  /** Every text of `detail`, `field: text` for field maps. */
  get texts(): string[] {
    const detail = this.detail;
    if (Array.isArray(detail)) return detail.map(String);
    if (typeof detail === 'string') return [detail];
    if (typeof detail === 'object' && detail !== null) {
      return Object.entries(detail).flatMap(([field, texts]) =>
        (Array.isArray(texts) ? texts : [texts]).map((t) =>
          field === 'base' ? String(t) : `${field} ${String(t)}`,
        ),
      );
    }
    return [];
  }
}

/** §8 "404 rule": 404 whose first error text is exactly `Empty address book`. */
export function isEmptyAddressBook(error: unknown): boolean {
  if (!(error instanceof ChatServiceError) || error.code !== 404) return false;
  const detail = error.detail;
  const first = Array.isArray(detail) ? detail[0] : undefined;
  return first === 'Empty address book';
}
