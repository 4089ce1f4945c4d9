/**
 * Who holds an app socket (spec §7 "Real-time app socket": CONNECT header `authToken`). A
 * provider connects with her portal token, as the portal does. A member connects with her
 * chat-service session token (docs/wire/hosted-chat.md §3: the 40-hex token of `/qb/session.json` after
 * login), as the vendor's member app would: that makes her queue real, so a push to her chat id —
 * the bot say of a completed expert report (spec §3) — reaches her app. The two token shapes never
 * overlap (portal tokens are base64url of 32 bytes, src/server/auth/tokens.ts).
 */
import type { ServerContext } from '../context';
import { authenticate } from '../http/authenticate';
import { ApiError } from '../http/api-error';
import { CHAT_SESSION_TOKEN, chatSessionUser } from '../chat-identity/session-token';

export type SocketIdentity =
  | { kind: 'provider'; sessionId: number; providerId: number; chatId: number; memberId: null }
  | { kind: 'member'; sessionId: null; providerId: null; chatId: number; memberId: number };

export async function authenticateSocket(ctx: ServerContext, token: string | null): Promise<SocketIdentity> {
  if (token === null || !CHAT_SESSION_TOKEN.test(token)) {
    const session = await authenticate(ctx, token);
    return { kind: 'provider', ...session, memberId: null };
  }
  const chatId = await chatSessionUser(ctx.db, token);
  const member =
    chatId === null
      ? undefined
      : await ctx.db
          .selectFrom('members')
          .innerJoin('chat_users', 'chat_users.id', 'members.chat_id')
          .select(['members.id', 'members.chat_id'])
          .where('members.chat_id', '=', chatId)
          .where('chat_users.kind', '=', 'member')
          .executeTakeFirst();
  if (!member) {
    throw new ApiError(
      'TOKEN_ERR_NOT_FOUND',
      'A chat-service token opens the app socket only for a member who has logged in with it',
    );
  }
  return { kind: 'member', sessionId: null, providerId: null, chatId: member.chat_id, memberId: member.id };
}
