/**
 * One count of chat login attempts per chat user, shared by `/qb/session.json`, `/qb/login.json`
 * and every XMPP login (docs/security.md "Sign-in and chat login limits").
 */
import type { ServerContext } from '../context';
import { LIMITS } from '../http/limits';
import { reserveAttempt, type Attempt } from '../http/rate-limit';

/**
 * The count a chat login adds to: the chat user's, however it was named (login, email, XMPP
 * node), or the name itself for a user that does not exist.
 */
export function chatLoginAccount(userId: number | null, name: string): string {
  return userId !== null ? `user:${userId}` : `name:${name}`;
}

/** Reserves one chat login attempt; throws RateLimited. */
export function reserveChatLogin(
  ctx: ServerContext,
  userId: number | null,
  name: string,
  address: string,
): Promise<Attempt> {
  return reserveAttempt(ctx, LIMITS.chatLogin, { account: chatLoginAccount(userId, name), address });
}
