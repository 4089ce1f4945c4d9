/**
 * The one error hierarchy of the chat stack (docs/conventions.md "What we do" 5) with the texts of spec §8
 * ("Chat connection errors") and docs/wire/hosted-chat.md §13.1 and §14.7.
 * Every error has the vendor shape `{ code, status: 'error', detail }` besides `message`.
 */

/** Base of every chat-stack error. `code` is an HTTP-like number (422, 401, 408, 500, …). */
export class XmppError extends Error {
  override name = 'XmppError';
  readonly status = 'error';
  /** An HTTP-like code (wire §13.1: 422 Unprocessable Entity, 401 Unauthorized). */
  readonly code: number;
  /** The XMPP condition behind the error, when there is one (`conflict`, `item-not-found`, …). */
  readonly condition: string | null;
  /** The human text; equal to `message` (the vendor calls it `detail`). */
  get detail(): string {
    return this.message;
  }

  constructor(message: string, options: { code?: number; condition?: string | null; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code ?? 500;
    this.condition = options.condition ?? null;
  }
}

/** An `<error/>` inside a stanza (RFC 6120 §8.3): an iq answered with an error, a bounced message. */
export class StanzaError extends XmppError {
  override name = 'StanzaError';
  /** The error type attribute: cancel, continue, modify, auth or wait. */
  readonly type: string;
  /** The optional `<text/>` of the error. */
  readonly text: string | null;
  /** The id of the stanza that failed. */
  readonly id: string | null;

  constructor(options: {
    condition: string;
    type?: string;
    text?: string | null;
    code?: number;
    id?: string | null;
  }) {
    super(options.text || options.condition, { code: options.code ?? 500, condition: options.condition });
    this.type = options.type ?? 'cancel';
    this.text = options.text ?? null;
    this.id = options.id ?? null;
  }
}

/** A stream-level failure: stream errors, a failed or refused connection (spec §8 "Transport level"). */
export class StreamError extends XmppError {
  override name = 'StreamError';
}

/** SASL authentication failed (spec §8: 401 Status.AUTHFAIL). */
export class SaslError extends XmppError {
  override name = 'SaslError';
}

/** A request got no answer in time (spec §8 'Chat ping No answer' / 'No answer'). */
export class TimeoutError extends XmppError {
  override name = 'TimeoutError';
  constructor(message = 'No answer', options: { code?: number } = {}) {
    super(message, { code: options.code ?? 408, condition: 'remote-server-timeout' });
  }
}

/** Sending while the chat is offline (spec §5, §8; wire §13.1). */
export class ChatNotConnectedError extends XmppError {
  override name = 'ChatNotConnectedError';
  constructor() {
    super(CHAT_NOT_CONNECTED, { code: 422 });
  }
}

/** Spec §8 texts. */
export const CHAT_NOT_CONNECTED = 'Chat is not connected';
export const STATUS_REJECT = 'Status.REJECT - The connection is still in the Status.CONNECTING state';
export const STATUS_ERROR = 'Status.ERROR - An error has occurred';
export const STATUS_CONNFAIL = 'Status.CONNFAIL - The connection attempt failed';
export const STATUS_AUTHFAIL = 'Status.AUTHFAIL - The authentication attempt failed';
export const PING_NO_ANSWER = 'Chat ping No answer';
export const NO_ANSWER = 'No answer';
export const PING_INVALID_ARGUMENTS =
  'Invalid arguments provided. Either userId/jid (number/string) and callback or only callback should be provided.';
export const UNKNOWN_ISSUE = 'Unknown issue';

/** The HTTP reason phrases of the vendor error shape (wire §13.1). */
export const REASONS: Readonly<Record<number, string>> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  408: 'Request Timeout',
  422: 'Unprocessable Entity',
  502: 'Bad Gateway',
};

/** The vendor's plain error object `{ code, status, detail, message }` for an error. */
export function toVendorError(error: XmppError): {
  code: number;
  status: 'error';
  detail: string;
  message: string;
} {
  return {
    code: error.code,
    status: 'error',
    detail: error.message,
    message: REASONS[error.code] ?? 'Unknown error',
  };
}
