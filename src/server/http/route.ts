/**
 * Registers a contract endpoint (src/shared/api) on Fastify: the body's media type is checked,
 * path params, query and body are validated with the endpoint's zod schemas (after the `/api`
 * scope's check for U+0000, `refuseNulCharacters`) before the handler runs, the signed-in provider is resolved for
 * `auth: 'token'`, and the handler's result is validated against the response schema before it
 * is wrapped in the envelope (docs/architecture.md §3, docs/security.md "Honest errors").
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BodyOut, EndpointDefinition, ParamsOut, QueryOut, ResponseIn } from '../../shared/api/endpoint';
import type { ServerContext } from '../context';
import type { SecondStepState } from '../auth/second-steps';
import {
  authenticate,
  authenticateEnrolment,
  authenticateSecondStep,
  type AuthenticatedSession,
} from './authenticate';
import { ApiError } from './api-error';
import { readClientHeaders, type ClientHeaders } from './client-headers';
import { ok, zodFields } from './envelope';
import { brokenMultipartError, isBrokenMultipart, mediaTypeError } from './input-checks';

export interface HandlerInput<E extends EndpointDefinition> {
  params: ParamsOut<E>;
  query: QueryOut<E>;
  body: BodyOut<E>;
  headers: ClientHeaders;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type AuthedInput<E extends EndpointDefinition> = HandlerInput<E> & { session: AuthenticatedSession };

/** A second-step endpoint's input: the live step of the sign-in (docs/security.md "Second factor"). */
export type StepInput<E extends EndpointDefinition> = HandlerInput<E> & { step: SecondStepState };

/** An enrolment endpoint's input: a session, or the step of a sign-in that must enrol. */
export type EnrolmentInput<E extends EndpointDefinition> = HandlerInput<E> &
  ({ session: AuthenticatedSession; step?: undefined } | { step: SecondStepState; session?: undefined });

type InputOf<E extends EndpointDefinition> = E['auth'] extends 'token'
  ? AuthedInput<E>
  : E['auth'] extends 'second-step'
    ? StepInput<E>
    : E['auth'] extends 'enrolment'
      ? EnrolmentInput<E>
      : HandlerInput<E>;

type Handler<E extends EndpointDefinition> = (input: InputOf<E>) => Promise<ResponseIn<E>> | ResponseIn<E>;

/** Who is calling, by the endpoint's kind of token; checked before anything else of the request. */
async function caller(
  ctx: ServerContext,
  auth: EndpointDefinition['auth'],
  token: string | null,
): Promise<{ session?: AuthenticatedSession; step?: SecondStepState }> {
  switch (auth) {
    case 'token':
      return { session: await authenticate(ctx, token) };
    case 'second-step':
      return { step: await authenticateSecondStep(ctx, token) };
    case 'enrolment':
      return authenticateEnrolment(ctx, token);
    case 'public':
      return {};
  }
}

/** All endpoints registered so far, for the OpenAPI document. */
export const registeredEndpoints: EndpointDefinition[] = [];

export function fastifyPath(path: string): string {
  return (path.startsWith('/') ? path : `/${path}`).replace(/\{(\w+)\}/g, ':$1');
}

function parsePart(schema: EndpointDefinition['body'], value: unknown, where: string): unknown {
  if (!schema) return undefined;
  const input = value ?? {};
  const result = schema.safeParse(input);
  if (!result.success) {
    throw ApiError.validation(zodFields(result.error, input).map((f) => ({ ...f, field: f.field || where })));
  }
  return result.data;
}

export function registerEndpoint<E extends EndpointDefinition>(
  app: FastifyInstance,
  ctx: ServerContext,
  endpoint: E,
  handler: Handler<E>,
): void {
  registeredEndpoints.push(endpoint);
  app.route({
    method: endpoint.method,
    url: fastifyPath(endpoint.path),
    handler: async (request, reply) => {
      const headers = readClientHeaders(request);
      const who = await caller(ctx, endpoint.auth, headers.authToken);
      const refused = mediaTypeError(endpoint, request);
      if (refused) throw refused;
      const input = {
        params: parsePart(endpoint.params, request.params, 'params'),
        query: parsePart(endpoint.query, request.query, 'query'),
        body: endpoint.encoding === 'multipart' ? undefined : parsePart(endpoint.body, request.body, 'body'),
        headers,
        request,
        reply,
        ...who,
      } as Parameters<Handler<E>>[0];
      let data: Awaited<ReturnType<Handler<E>>>;
      try {
        data = await handler(input);
      } catch (error) {
        throw isBrokenMultipart(error) ? brokenMultipartError() : error;
      }
      const checked = endpoint.response.safeParse(data);
      if (!checked.success) {
        request.log.error(
          { issues: checked.error.issues, endpoint: endpoint.id },
          'response violates the contract',
        );
        throw new ApiError('INTERNAL_ERROR', 'Something went wrong on our side; please try again');
      }
      return ok(reply, checked.data);
    },
  });
}
