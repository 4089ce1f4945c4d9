/**
 * Password reset (docs/wire/hosted-chat.md §4 `GET /users/password/reset.json?email=`): always answers
 * 200 (no account enumeration) within its limits; a member with that email gets a one-hour link to a small page
 * where a new chat password is chosen. The link is stateless and single-use: it is signed with a
 * server key over the user id, its expiry and the current password hash, which the reset changes.
 * Providers' chat passwords are derived by the portal, so they get no link.
 */
import { createHmac } from 'node:crypto';
import { secretMatches } from '../auth/tokens';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { hashPassword } from '../auth/passwords';
import { LIMITS } from '../http/limits';
import { RateLimited, reserveAttempt } from '../http/rate-limit';
import { afterAnswer, type Mailer } from '../mail/mailer';
import { qbRateLimited } from './credentials';
import { int, int32, readParams, str } from './params';
import { PUBLIC, QB_PREFIX, SESSION } from './scope';
import { destroyUserSessions } from './sessions';
import { unixSeconds } from './wire';

const LINK_TTL_S = 3600;
const CONFIRM_PATH = '/users/password/reset/confirm';

function linkSignature(key: string, userId: number, expires: number, passwordHash: string): string {
  return createHmac('sha256', key).update(`qb-reset:${userId}:${expires}:${passwordHash}`).digest('hex');
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<meta name="viewport" content="width=device-width"></head><body style="font-family:sans-serif;max-width:28rem;margin:3rem auto">
<h1 style="color:#9E3CF8;font-size:1.4rem">${escape(title)}</h1>${body}</body></html>`;
}

export function registerPasswordReset(scope: FastifyInstance, ctx: ServerContext, mailer: Mailer) {
  const key = ctx.secrets.chatPasswordKey;

  scope.get('/users/password/reset.json', SESSION, async (request, reply) => {
    const email = str(readParams(request).email)?.trim().toLowerCase();
    if (email) {
      try {
        // Counted whether or not the address is known, so the limit tells nothing (docs/security.md).
        await reserveAttempt(ctx, LIMITS.chatPasswordReset, { account: email, address: request.ip });
      } catch (error) {
        if (error instanceof RateLimited) throw qbRateLimited(error, reply);
        throw error;
      }
      const user = await ctx.db
        .selectFrom('chat_users')
        .select(['id', 'kind', 'password_hash', 'email'])
        .where('email', '=', email)
        .executeTakeFirst();
      if (user?.kind === 'member' && user.email) {
        const expires = unixSeconds() + LINK_TTL_S;
        const signature = linkSignature(key, user.id, expires, user.password_hash);
        // From the configured origin, never the request's Host header (docs/security.md).
        const link = `${ctx.config.publicOrigin}${QB_PREFIX}${CONFIRM_PATH}?user=${user.id}&expires=${expires}&signature=${signature}`;
        const to = user.email;
        afterAnswer(request.log, 'chat password reset mail not sent', () =>
          mailer.send({
            to,
            subject: 'Reset your chat password',
            text: `Someone asked to reset the chat password of this account.\n\nChoose a new one within an hour: ${link}\n\nIf it was not you, ignore this email.`,
          }),
        );
      } else if (user) {
        request.log.info({ userId: user.id }, 'chat password reset asked for a portal-managed account');
      }
    }
    return reply.code(200).send('');
  });

  const check = async (query: unknown) => {
    const params = (query ?? {}) as Record<string, unknown>;
    const userId = int32(params.user);
    const expires = int(params.expires);
    const given = str(params.signature) ?? '';
    if (userId === undefined || expires === undefined || expires < unixSeconds()) return null;
    const user = await ctx.db
      .selectFrom('chat_users')
      .select(['id', 'password_hash'])
      .where('id', '=', userId)
      .where('kind', '=', 'member')
      .executeTakeFirst();
    if (!user) return null;
    return secretMatches(given, linkSignature(key, user.id, expires, user.password_hash)) ? user : null;
  };

  const expired = page('This link has expired', '<p>Ask for a new password reset from the app.</p>');

  scope.get(CONFIRM_PATH, PUBLIC, async (request, reply) => {
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    if (!(await check(request.query))) return reply.code(410).send(expired);
    return reply.send(
      page(
        'Choose a new chat password',
        `<form method="post"><label>New password (at least 8 characters)<br>
<input type="password" name="password" minlength="8" maxlength="128" required autocomplete="new-password"></label>
<p><button type="submit">Save</button></p></form>`,
      ),
    );
  });

  scope.post(CONFIRM_PATH, PUBLIC, async (request, reply) => {
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    const user = await check(request.query);
    if (!user) return reply.code(410).send(expired);
    const password = str(readParams(request).password) ?? '';
    if (password.length < 8 || password.length > 128) {
      return reply
        .code(422)
        .send(page('Password not saved', '<p>Use 8 to 128 characters. Go back and try again.</p>'));
    }
    await ctx.db
      .updateTable('chat_users')
      .set({ password_hash: await hashPassword(password), updated_at: new Date() })
      .where('id', '=', user.id)
      .execute();
    await destroyUserSessions(ctx, user.id);
    return reply.send(page('Password saved', '<p>Sign in to the app with your new password.</p>'));
  });
}
