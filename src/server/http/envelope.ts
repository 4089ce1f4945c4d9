/**
 * The envelope of docs/architecture.md §3 on the wire, and the one error handler that turns every thrown
 * error into it. Unknown errors are logged with the request id and answered without internals.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ErrorCode, FieldError } from '../../shared/api/envelope';
import { DatabaseBusyError } from '../db/database';
import { ApiError } from './api-error';
import { ruleOf } from './field-rule';
import { VENDOR_PATH } from './raw-answer';
import { rawAnswerHeaders } from './security-headers';

export function ok<T>(reply: FastifyReply, data: T, message = 'success') {
  return reply.code(200).send({ code: 'OK', message, data });
}

export function sendError(reply: FastifyReply, error: ApiError) {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply
    .code(error.status)
    .send({ code: error.code, message: error.message, data: error.data ?? null });
}

/**
 * One entry per field (its first problem), in the order the schema reports them, with the rule it
 * broke (field-rule.ts); `input` is what was parsed, to tell a missing value from a wrong one.
 */
export function zodFields(error: z.core.$ZodError, input?: unknown): FieldError[] {
  const seen = new Map<string, FieldError>();
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    if (!seen.has(field)) seen.set(field, { field, message: issue.message, ...ruleOf(issue, input) });
  }
  return [...seen.values()];
}

/**
 * What Fastify and its plugins throw with a status, answered with that status and the code that
 * names it (docs/security.md "Honest errors"): a 403 stays FORBIDDEN, a 405 METHOD_NOT_ALLOWED.
 */
const CODE_BY_STATUS: Readonly<Partial<Record<number, ErrorCode>>> = {
  400: 'VALIDATION_ERROR',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  421: 'MISDIRECTED_REQUEST',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
};

/** Fastify error codes whose status alone would name the wrong cause. */
const CODE_BY_FASTIFY_CODE: Readonly<Record<string, ErrorCode>> = {
  // @fastify/multipart answers 406 for a body that is not multipart: the media type is wrong.
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_INVALID_JSON_FIELD_ERROR: 'VALIDATION_ERROR',
  FST_ERR_BAD_URL: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
};

const MESSAGES: Readonly<Partial<Record<ErrorCode, string>>> = {
  PAYLOAD_TOO_LARGE: 'The request body is too large',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type',
  FORBIDDEN: 'You do not have access to this resource',
};

/** The envelope error for anything thrown that is not an ApiError; null means a 500. */
export function errorForStatus(error: FastifyError): ApiError | null {
  const status = error.statusCode ?? 500;
  const code = CODE_BY_FASTIFY_CODE[error.code] ?? CODE_BY_STATUS[status];
  if (code === 'VALIDATION_ERROR') return ApiError.validation([{ field: '', message: error.message }]);
  if (code) return new ApiError(code, MESSAGES[code] ?? error.message);
  // A 4xx without a code of its own is still the client's request that cannot be served.
  if (status >= 400 && status < 500) return new ApiError('BAD_REQUEST', error.message);
  return null;
}

/** The Retry-After of a 503 for a database that stayed busy (docs/security.md "Honest errors"). */
export const BUSY_RETRY_SECONDS = 2;

/** Installs the error handler for everything under the given prefix. */
export function installEnvelopeHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return sendError(reply, error);
    if (error instanceof DatabaseBusyError)
      return sendError(
        reply,
        new ApiError('SERVICE_UNAVAILABLE', 'The server is busy; please try again', null, {
          'Retry-After': String(BUSY_RETRY_SECONDS),
        }),
      );
    const known = errorForStatus(error);
    if (known) return sendError(reply, known);
    request.log.error({ err: error }, 'unhandled error');
    return sendError(
      reply,
      new ApiError('INTERNAL_ERROR', 'Something went wrong on our side; please try again'),
    );
  });
}

/**
 * Fastify's `frameworkErrors`: what it refuses before routing (a URL whose percent-encoding does
 * not decode), in the envelope — or the vendor's shape under `/qb` — with the security headers.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // Such an answer runs no route hooks, so it takes the raw answers' security headers itself.
  reply.headers(rawAnswerHeaders());
  const answer = errorForStatus(error) ?? new ApiError('BAD_REQUEST', error.message);
  if (VENDOR_PATH.test(request.url)) return reply.code(answer.status).send({ errors: [answer.message] });
  return sendError(reply, answer);
}
