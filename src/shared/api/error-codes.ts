/**
 * The own API's error codes (spec §8, docs/architecture.md §3), without zod: the portal reads
 * them as they are (scripts/lib/client-contracts.mjs); `envelope.ts` builds the envelope on them.
 */

/** Error codes with the HTTP status each one is answered with. */
export const ERROR_CODES = {
  VALIDATION_ERROR: 400,
  API_VERSION_UNSUPPORTED: 400,
  /** The HTTP request itself could not be read (broken request line, headers or encoding). */
  BAD_REQUEST: 400,
  TOKEN_ERR_EMPTY: 401,
  TOKEN_ERR_NOT_FOUND: 401,
  TOKEN_ERR_KICKED: 401,
  TOKEN_ERR_LOGOUT: 401,
  BAD_CREDENTIALS: 401,
  FORBIDDEN: 403,
  ACCOUNT_CANCELLED: 403,
  MEMBER_EXPERT_REPORT_NO_ACCESS: 403,
  /** Another provider holds the expert report (or it was assigned to another). */
  EXPERT_REPORT_NOT_YOURS: 403,
  /** The provider has not confirmed the e-mail address yet (e.g. submitting the profile). */
  EMAIL_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  /** The path exists but not for this method; the `Allow` header lists the methods it takes. */
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  ACCOUNT_HAS_CONSULTATIONS: 409,
  INVALID_STATE: 409,
  /** Claiming an expert report somebody (maybe you) has claimed already: the loser of a claim race. */
  EXPERT_REPORT_ALREADY_CLAIMED: 409,
  /** Saving, completing or giving back an expert report that is not claimed. */
  EXPERT_REPORT_NOT_CLAIMED: 409,
  /** Any change to a completed expert report: it is final. */
  EXPERT_REPORT_COMPLETED: 409,
  /** A booking outside the provider's availability, overlapping another, too soon or too far ahead. */
  SLOT_UNAVAILABLE: 409,
  RESET_CODE_INVALID: 400,
  PRECONDITION_FAILED: 412,
  VERIFICATION_CODE_INVALID: 400,
  /** A second-factor code or passkey that is wrong, used already or expired (docs/security.md "Second factor"). */
  SECOND_FACTOR_INVALID: 400,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  /** The `Host` header names no host this server is configured for (DNS rebinding guard). */
  MISDIRECTED_REQUEST: 421,
  /** A generated file's link that has expired (src/shared/api/cycle-data.ts). */
  LINK_EXPIRED: 410,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL_ERROR: 500,
  /** A PDF could not be generated; the portal shows 'Failed to generate file, please try again!' (spec §8). */
  FILE_GENERATION_FAILED: 500,
  /** The chat server behind the proxy did not answer. */
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
export type ResponseCode = 'OK' | ErrorCode;

/** The four token errors of spec §8; the client signs the user out on each. */
export const TOKEN_ERROR_CODES = [
  'TOKEN_ERR_KICKED',
  'TOKEN_ERR_EMPTY',
  'TOKEN_ERR_NOT_FOUND',
  'TOKEN_ERR_LOGOUT',
] as const satisfies readonly ErrorCode[];
export type TokenErrorCode = (typeof TOKEN_ERROR_CODES)[number];

export function isTokenError(code: string): code is TokenErrorCode {
  return (TOKEN_ERROR_CODES as readonly string[]).includes(code);
}
