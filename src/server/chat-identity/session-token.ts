/**
 * Whose live chat-service session a token is, for server pieces below the chat service
 * (src/server/qb) that must recognise one — the app socket opening for a member
 * (socket/socket-identity.ts). The same checks as qb/sessions.ts `tokenBelongsTo`: the 40-hex
 * token's SHA-256 (docs/wire/hosted-chat.md §3), not destroyed, not expired. Reading does not slide the
 * expiry; the member's app keeps the session alive with its REST calls.
 */
import type { Database } from '../db/database';
import { hashToken } from '../auth/tokens';

/** The token shape of the chat service's sessions (qb/sessions.ts TOKEN_SHAPE). */
export const CHAT_SESSION_TOKEN = /^[0-9a-f]{40}$/;

/** The chat user id of the live session `token` is logged in with, or null. */
export async function chatSessionUser(db: Database, token: string, now = new Date()): Promise<number | null> {
  if (!CHAT_SESSION_TOKEN.test(token)) return null;
  const row = await db
    .selectFrom('qb_sessions')
    .select('user_id')
    .where('token_hash', '=', hashToken(token))
    .where('destroyed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.user_id ?? null;
}
