/**
 * The protocol console's page (docs/console.md "Who may use it"): `/console` answers the console's
 * own Vite entry. A request from this machine — by its client's address and its `Host`, never by
 * the address the server is bound to — opens it; any other first asks for the operator's admin
 * secret (`DATA_DIR/secrets.json`, docs/architecture.md §1), remembered in an HttpOnly cookie that
 * holds an HMAC of it, never the secret. `CONSOLE=off` switches it off, and it is off unless asked
 * for whenever a public origin or a proxy is configured (src/server/config.ts).
 * A wrong secret counts like a wrong password (docs/security.md "Sign-in and chat login limits"):
 * the shared attempt limiter reserves each try before the check and answers 429 past the limit.
 * `/console/config.json` gives the console the chat application's credentials (the ones the
 * vendor's member apps carry, docs/wire/hosted-chat.md §3.1) so it can sign in as a member.
 */
import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';
import { secretMatches } from '../auth/tokens';
import { ApiError } from '../http/api-error';
import { ok, sendError } from '../http/envelope';
import { LIMITS } from '../http/limits';
import { RateLimited, reserveAttempt } from '../http/rate-limit';

export const CONSOLE_PATH = '/console';
const COOKIE = 'portal-console';
/** The one account the admin secret opens, for the attempt limiter. */
const ADMIN_ACCOUNT = 'admin';

const LOOPBACK_ADDRESS = /^(?:::ffff:)?127\.\d+\.\d+\.\d+$|^::1$/;
/** Headers a proxy adds: a request that carries one was passed on from somewhere else. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'];

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || LOOPBACK_ADDRESS.test(host);
}

/** The host name of a `Host` header, without its port or an IPv6 literal's brackets. */
function hostName(header: string | undefined): string {
  const host = (header ?? '').toLowerCase();
  const literal = /^\[([^\]]+)\]/.exec(host);
  return literal ? literal[1]! : host.replace(/:\d*$/, '');
}

/**
 * Whether a request comes from this machine: its socket and its client address (`request.ip`,
 * which follows TRUST_PROXY) are loopback, it names a loopback host, and no proxy passed it on.
 * A reverse proxy on the same machine connects from loopback too, so the socket alone says nothing.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return (
    LOOPBACK_ADDRESS.test(request.socket.remoteAddress ?? '') &&
    LOOPBACK_ADDRESS.test(request.ip) &&
    isLoopbackHost(hostName(request.headers.host))
  );
}

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function unlockPage(reply: FastifyReply, status: number, note: string) {
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Protocol console</title></head><body>` +
        `<h1>Protocol console</h1><p>${note}</p>` +
        `<form method="post" action="${CONSOLE_PATH}/unlock"><label>Admin secret ` +
        `<input name="secret" type="password" autocomplete="off" required></label> <button>Open</button></form>` +
        `</body></html>`,
    );
}

export function registerConsole(app: FastifyInstance, ctx: ServerContext): void {
  const portalDir = ctx.config.portalDir;
  const page = portalDir !== null && existsSync(path.join(portalDir, 'console.html'));
  const off = ctx.config.console === 'off';
  const pass = createHmac('sha256', ctx.secrets.admin).update('portal-console').digest('hex');
  const allowed = (request: FastifyRequest) =>
    isLocalRequest(request) || secretMatches(cookieOf(request, COOKIE), pass);
  const notHere = () => new ApiError('NOT_FOUND', 'The protocol console is switched off (CONSOLE=off)');

  // The built file is reached only through the guarded path.
  app.get('/console.html', async (_request, reply) => reply.redirect(CONSOLE_PATH, 302));

  app.get(CONSOLE_PATH, async (request, reply) => {
    if (off) return sendError(reply, notHere());
    if (!page) return sendError(reply, new ApiError('NOT_FOUND', 'The console is not built (npm run build)'));
    if (!allowed(request))
      return unlockPage(reply, 401, 'Away from this machine the console needs the admin secret.');
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('console.html');
  });

  app.post<{ Body: { secret?: unknown } }>(`${CONSOLE_PATH}/unlock`, async (request, reply) => {
    if (off) return sendError(reply, notHere());
    let attempt;
    try {
      attempt = await reserveAttempt(ctx, LIMITS.consoleUnlock, {
        account: ADMIN_ACCOUNT,
        address: request.ip,
      });
    } catch (error) {
      if (!(error instanceof RateLimited)) throw error;
      reply.header('Retry-After', String(error.retryAfterSeconds));
      return unlockPage(reply, 429, `${error.message}.`);
    }
    if (!secretMatches(request.body?.secret, ctx.secrets.admin)) {
      await attempt.failed();
      return unlockPage(reply, 401, 'That is not the admin secret.');
    }
    await attempt.succeeded();
    const secure = ctx.config.publicOrigin.startsWith('https:') ? '; Secure' : '';
    reply.header('Set-Cookie', `${COOKIE}=${pass}; Path=${CONSOLE_PATH}; HttpOnly; SameSite=Strict${secure}`);
    return reply.redirect(CONSOLE_PATH, 303);
  });

  app.get(`${CONSOLE_PATH}/config.json`, async (request, reply) => {
    if (off) return sendError(reply, notHere());
    if (!allowed(request))
      return sendError(reply, new ApiError('FORBIDDEN', 'The console needs the admin secret'));
    const { chat } = ctx.config;
    // The chat application's credentials: never kept by a browser or a cache on the way.
    reply.header('Cache-Control', 'no-store');
    return ok(reply, {
      app: {
        appId: chat.appId,
        authKey: chat.authKey,
        authSecret: chat.authSecret,
        hash: chat.signatureHash,
        apiPath: '/qb',
      },
      chatDomain: chat.domain,
    });
  });
}
