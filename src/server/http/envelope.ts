/**
 * The envelope of DESIGN.md §3 on the wire, and the one error handler that turns every thrown
 * error into it. Unknown errors are logged with the request id and answered without internals.
 */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { FieldError } from '../../shared/api/envelope';
import { ApiError } from './api-error';

export function ok<T>(reply: FastifyReply, data: T, message = 'success') {
  return reply.code(200).send({ code: 'OK', message, data });
}

export function sendError(reply: FastifyReply, error: ApiError) {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply
    .code(error.status)
    .send({ code: error.code, message: error.message, data: error.data ?? null });
}

/** One entry per field (its first problem), in the order the schema reports them. */
export function zodFields(error: z.ZodError): FieldError[] {
  const seen = new Map<string, FieldError>();
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    if (!seen.has(field)) seen.set(field, { field, message: issue.message });
  }
  return [...seen.values()];
}

/** Installs the error and not-found handlers for everything under the given prefix. */
export function installEnvelopeHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return sendError(reply, error);
    const status = (error as FastifyError).statusCode ?? 500;
    const code = (error as FastifyError).code;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || code === 'FST_REQ_FILE_TOO_LARGE' || status === 413) {
      return sendError(reply, new ApiError('PAYLOAD_TOO_LARGE', 'The upload is too large'));
    }
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
      return sendError(reply, new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type'));
    }
    if (status >= 400 && status < 500) {
      return sendError(reply, ApiError.validation([{ field: '', message: error.message }]));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(
      reply,
      new ApiError('INTERNAL_ERROR', 'Something went wrong on our side; please try again'),
    );
  });
}
