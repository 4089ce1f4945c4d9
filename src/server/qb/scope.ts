/**
 * The `/qb` scope: every route answers in the vendor's shapes (docs/wire/hosted-chat.md §2.4), and
 * every route but session creation and a few file routes needs a live session from the `QB-Token`
 * header (§2.3), answered with a fresh `QB-Token-ExpirationDate` (§2.7). Routes declare what they
 * need in `config.qbAccess`: `public`, `session` (an application session is enough) or `user`.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';
import { DatabaseBusyError } from '../db/database';
import { BUSY_RETRY_SECONDS } from '../http/envelope';
import { routedMethods } from '../http/methods';
import { checkInput } from './params';
import { touchQbSession, type QbSession } from './sessions';
import { EXPIRATION_HEADER, expirationHeader, QbError } from './wire';

export type QbAccess = 'public' | 'session' | 'user';

declare module 'fastify' {
  interface FastifyRequest {
    qbSession: QbSession | null;
  }
  interface FastifyContextConfig {
    qbAccess?: QbAccess;
  }
}

export const QB_PREFIX = '/qb';

export const PUBLIC = { config: { qbAccess: 'public' as const } };
export const SESSION = { config: { qbAccess: 'session' as const } };
export const USER = { config: { qbAccess: 'user' as const } };

/** The session of a request that passed the `session` or `user` check. */
export function sessionOf(request: FastifyRequest): QbSession {
  if (!request.qbSession) throw QbError.noSession();
  return request.qbSession;
}

/** The chat user of a request that passed the `user` check. */
export function userOf(request: FastifyRequest): number {
  const userId = sessionOf(request).userId;
  if (userId === null) throw QbError.needUser();
  return userId;
}

/** The token of a request: the `QB-Token` header, or `token` in the query for file links (§6). */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers['qb-token'];
  if (typeof header === 'string' && header) return header;
  const query = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof query === 'string' && query ? query : null;
}

function sendErrors(reply: FastifyReply, error: QbError) {
  return reply.code(error.status).send({ errors: error.errors });
}

export async function registerQbScope(
  app: FastifyInstance,
  ctx: ServerContext,
  register: (scope: FastifyInstance) => Promise<void> | void,
): Promise<void> {
  await app.register(
    async (scope) => {
      scope.decorateRequest('qbSession', null);
      scope.setErrorHandler((error: FastifyError | QbError, request, reply) => {
        if (error instanceof QbError) return sendErrors(reply, error);
        if (error instanceof DatabaseBusyError) {
          reply.header('Retry-After', String(BUSY_RETRY_SECONDS));
          return sendErrors(reply, QbError.unavailable('The server is busy; please try again'));
        }
        const status = (error as FastifyError).statusCode ?? 500;
        if (status >= 400 && status < 500) {
          return sendErrors(reply, new QbError(status, [error.message]));
        }
        request.log.error({ err: error }, 'chat-service request failed');
        return sendErrors(reply, new QbError(500, ['Internal server error']));
      });
      scope.setNotFoundHandler((request, reply) => {
        const url = request.url.split('?')[0]!;
        // docs/security.md "Honest errors": a path that exists under another method is a 405.
        const allowed = routedMethods(scope, url);
        if (allowed.length > 0) {
          reply.header('Allow', allowed.join(', '));
          return sendErrors(reply, new QbError(405, [`${url} does not take ${request.method}`]));
        }
        return sendErrors(reply, new QbError(404, [`No such resource: ${request.method} ${url}`]));
      });
      // docs/security.md "Chat-service input": before any route reads it.
      scope.addHook('preValidation', async (request) => {
        checkInput(request.params);
        checkInput(request.query);
        checkInput(request.body);
      });
      scope.addHook('preHandler', async (request, reply) => {
        // No route: the not-found handler answers 404 or 405 whoever asks.
        if (request.is404) return;
        const access = request.routeOptions.config.qbAccess ?? 'session';
        if (access === 'public') return;
        const token = tokenOf(request);
        const session = token ? await touchQbSession(ctx, token) : null;
        if (!session) throw QbError.noSession();
        request.qbSession = session;
        reply.header(EXPIRATION_HEADER, expirationHeader(session.expiresAt));
        if (access === 'user' && session.userId === null) throw QbError.needUser();
      });
      await register(scope);
    },
    { prefix: QB_PREFIX },
  );
}
