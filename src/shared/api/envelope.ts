/**
 * The own-API envelope and error codes (docs/architecture.md §3, spec §8).
 * Every response is `{ code, message, data }`; `code` is `OK` or one of {@link ERROR_CODES}.
 */
import { z } from 'zod/mini';
import type { ResponseCode } from './error-codes';
import { FIELD_RULES } from './field-rules';

export {
  ERROR_CODES,
  TOKEN_ERROR_CODES,
  isTokenError,
  type ErrorCode,
  type ResponseCode,
  type TokenErrorCode,
} from './error-codes';

/** One invalid field of a `VALIDATION_ERROR`; `rule` and `limit` as field-rules.ts says. */
export const FieldError = z.object({
  field: z.string(),
  message: z.string(),
  rule: z.optional(z.enum(FIELD_RULES)),
  limit: z.optional(z.number()),
});
export type FieldError = z.infer<typeof FieldError>;

export const ValidationErrorData = z.object({ fields: z.array(FieldError) });

export function envelopeOf<T extends z.ZodMiniType>(data: T) {
  return z.object({
    code: z.literal('OK'),
    message: z.string(),
    data,
  });
}

export const ErrorEnvelope = z.object({
  code: z.string(),
  message: z.string(),
  data: z.nullable(z.unknown()),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export interface Envelope<T> {
  code: ResponseCode;
  message: string;
  data: T | null;
}
