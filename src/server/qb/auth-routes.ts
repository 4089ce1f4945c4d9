/**
 * Session and login (docs/wire/hosted-chat.md §3): `POST /session.json` with the signature check,
 * optionally logging a user in; `GET` and `DELETE /session.json`; `POST` and `DELETE /login.json`.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { LIMITS } from '../http/limits';
import { RateLimited, reserveAttempt } from '../http/rate-limit';
import { checkCredentials, qbRateLimited } from './credentials';
import { int, obj, readParams, str } from './params';
import { PUBLIC, SESSION, sessionOf } from './scope';
import { createQbSession, destroyQbSession, setSessionUser, type QbSession } from './sessions';
import { signatureMatches } from './signature';
import { userJson } from './user-format';
import { EXPIRATION_HEADER, expirationHeader, isoSeconds, QbError, unixSeconds } from './wire';

/** How far a signed request's timestamp may be from the server's clock. */
const TIMESTAMP_WINDOW_S = 3600;

export function sessionJson(session: QbSession) {
  return {
    _id: session.objectId,
    application_id: session.applicationId,
    created_at: isoSeconds(session.createdAt),
    id: session.id,
    nonce: session.nonce,
    token: session.token,
    ts: session.ts,
    updated_at: isoSeconds(session.updatedAt),
    user_id: session.userId ?? 0,
  };
}

export function registerAuthRoutes(scope: FastifyInstance, ctx: ServerContext) {
  const { appId, authKey, authSecret, signatureHash } = ctx.config.chat;

  scope.post('/session.json', PUBLIC, async (request, reply) => {
    const params = readParams(request);
    for (const field of ['application_id', 'auth_key', 'nonce', 'timestamp', 'signature']) {
      if (str(params[field]) === undefined) throw QbError.invalid(field, "can't be blank");
    }
    const nonce = int(params.nonce);
    const ts = int(params.timestamp);
    if (nonce === undefined) throw QbError.invalid('nonce', 'must be a whole number');
    if (ts === undefined) throw QbError.invalid('timestamp', 'must be Unix seconds');
    if (
      int(params.application_id) !== appId ||
      str(params.auth_key) !== authKey ||
      !signatureMatches(params, authSecret, signatureHash)
    ) {
      throw new QbError(422, { base: ['Unexpected signature'] });
    }
    if (Math.abs(unixSeconds() - ts) > TIMESTAMP_WINDOW_S) {
      throw new QbError(422, { base: ['Unexpected timestamp: the clock is more than an hour off'] });
    }
    const user = obj(params.user);
    const named = str(user?.login) ?? str(user?.email) ?? '';
    try {
      // Session creation is limited per address and per user named (docs/security.md).
      await reserveAttempt(ctx, LIMITS.chatSessionCreate, {
        account: named.trim().toLowerCase(),
        address: request.ip,
      });
    } catch (error) {
      if (error instanceof RateLimited) throw qbRateLimited(error, reply);
      throw error;
    }
    const replayed = await ctx.db
      .selectFrom('qb_sessions')
      .select('id')
      .where('ts', '=', ts)
      .where('nonce', '=', nonce)
      .executeTakeFirst();
    if (replayed) throw new QbError(422, { base: ['Unexpected nonce: this request was already used'] });
    if (params.provider !== undefined) {
      throw new QbError(422, { base: ['Social sign-in is not supported by this server'] });
    }
    const row = user
      ? await checkCredentials(
          ctx,
          { login: str(user.login), email: str(user.email), password: str(user.password) },
          request,
          reply,
        )
      : null;
    const session = await createQbSession(ctx, { nonce, ts, userId: row?.id ?? null });
    reply.header(EXPIRATION_HEADER, expirationHeader(session.expiresAt));
    return reply.code(201).send({ session: sessionJson(session) });
  });

  scope.get('/session.json', SESSION, async (request) => ({ session: sessionJson(sessionOf(request)) }));

  scope.delete('/session.json', SESSION, async (request, reply) => {
    await destroyQbSession(ctx, sessionOf(request));
    return reply.code(200).send('');
  });

  scope.post('/login.json', SESSION, async (request, reply) => {
    const params = readParams(request);
    if (params.provider !== undefined || params.firebase_phone !== undefined) {
      throw new QbError(422, { base: ['Social and phone sign-in are not supported by this server'] });
    }
    const row = await checkCredentials(
      ctx,
      { login: str(params.login), email: str(params.email), password: str(params.password) },
      request,
      reply,
    );
    await setSessionUser(ctx, sessionOf(request), row.id);
    return reply.code(202).send({ user: userJson(row, row.id) });
  });

  scope.delete('/login.json', SESSION, async (request, reply) => {
    await setSessionUser(ctx, sessionOf(request), null);
    return reply.code(200).send('');
  });
}
