/**
 * The protocol console's page (docs/console.md "Who may use it"): `/console` answers the console's
 * own Vite entry. On a loopback `HOST` it is open; on any other address it first asks for the
 * operator's admin secret (`DATA_DIR/secrets.json`, docs/architecture.md §1), remembered in an
 * HttpOnly cookie that holds an HMAC of it, never the secret; `CONSOLE=off` switches it off.
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

export const CONSOLE_PATH = '/console';
const COOKIE = 'portal-console';

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
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
  const open = isLoopbackHost(ctx.config.host);
  const pass = createHmac('sha256', ctx.secrets.admin).update('portal-console').digest('hex');
  const allowed = (request: FastifyRequest) => open || secretMatches(cookieOf(request, COOKIE), pass);
  const notHere = () => new ApiError('NOT_FOUND', 'The protocol console is switched off (CONSOLE=off)');

  // The built file is reached only through the guarded path.
  app.get('/console.html', async (_request, reply) => reply.redirect(CONSOLE_PATH, 302));

  app.get(CONSOLE_PATH, async (request, reply) => {
    if (off) return sendError(reply, notHere());
    if (!page) return sendError(reply, new ApiError('NOT_FOUND', 'The console is not built (npm run build)'));
    if (!allowed(request))
      return unlockPage(reply, 401, 'This server is not on loopback: the console needs the admin secret.');
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('console.html');
  });

  app.post<{ Body: { secret?: unknown } }>(`${CONSOLE_PATH}/unlock`, async (request, reply) => {
    if (off) return sendError(reply, notHere());
    if (!secretMatches(request.body?.secret, ctx.secrets.admin))
      return unlockPage(reply, 401, 'That is not the admin secret.');
    const secure = ctx.config.publicOrigin.startsWith('https:') ? '; Secure' : '';
    reply.header('Set-Cookie', `${COOKIE}=${pass}; Path=${CONSOLE_PATH}; HttpOnly; SameSite=Strict${secure}`);
    return reply.redirect(CONSOLE_PATH, 303);
  });

  app.get(`${CONSOLE_PATH}/config.json`, async (request, reply) => {
    if (off) return sendError(reply, notHere());
    if (!allowed(request))
      return sendError(reply, new ApiError('FORBIDDEN', 'The console needs the admin secret'));
    const { chat } = ctx.config;
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
