/**
 * The own API's chat calls (spec §7 "Chat and consultation", src/shared/api/chat.ts): the signed-in
 * provider's dialogs with client info and unread counts, client info by chat id, the chat account
 * (password and unread per dialog), the unread dialog list, and the default avatar of spec §3.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  DEFAULT_AVATAR_PATH,
  getChatAccount,
  getClientByChatId,
  getProviderDialogs,
  getUnreadDialogs,
  type ClientInfo,
} from '../../shared/api/chat';
import { readCallRecord, type CallRecord } from '../../shared/call-record';
import { roomJid } from '../../shared/chat-address';
import type { ServerContext } from '../context';
import { previewReads } from '../access-log/chat-history-access';
import { recordMemberReads } from '../access-log/record-access';
import { blobUrl } from '../blobs/blob-store';
import { chatCredentials } from '../chat-identity/chat-users';
import { ApiError } from '../http/api-error';
import { registerEndpoint } from '../http/route';
import { opponentOf, PRIVATE } from './dialogs';
import { unreadCountColumn, unreadCounts } from './messages';

const DEFAULT_AVATAR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="#EBDDFD"/><circle cx="32" cy="25" r="11" fill="#9E3CF8"/><path d="M12 54c3-11 11-16 20-16s17 5 20 16" fill="#9E3CF8"/></svg>`;

/** Spec §3 "Client info": name and avatar (or the default) of chat users, by chat id. */
export async function clientInfos(ctx: ServerContext, chatIds: number[]): Promise<Map<number, ClientInfo>> {
  if (chatIds.length === 0) return new Map();
  const { rows } = await sql<{
    id: number;
    full_name: string;
    login: string;
    member_id: number | null;
    member_name: string | null;
    avatar_url: string | null;
    provider_name: string | null;
    provider_avatar: string | null;
    chat_avatar: string | null;
  }>`select cu.id, cu.full_name, cu.login, m.id as member_id,
      nullif(trim(m.first_name || ' ' || m.last_name), '') as member_name, m.avatar_url,
      nullif(trim(p.first_name || ' ' || p.last_name), '') as provider_name, pb.uid as provider_avatar,
      cb.uid as chat_avatar
    from chat_users cu
    left join members m on m.chat_id = cu.id
    left join providers p on p.chat_id = cu.id
    left join blobs pb on pb.id = p.avatar_blob_id and pb.is_public
    left join blobs cb on cb.id = cu.blob_id and cb.is_public and cb.completed_at is not null
    where cu.id in (${sql.join([...new Set(chatIds)])})`.execute(ctx.db);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        userId: r.member_id,
        name: r.member_name ?? r.provider_name ?? (r.full_name || r.login),
        avatar:
          r.avatar_url ??
          (r.provider_avatar
            ? blobUrl(r.provider_avatar)
            : r.chat_avatar
              ? `/qb/blobs/${r.chat_avatar}`
              : DEFAULT_AVATAR_PATH),
      },
    ]),
  );
}

/** The dialogs the provider sees (not hidden for them); paged and filtered in SQL by the callers. */
function providerDialogs(ctx: ServerContext, chatId: number) {
  return ctx.db
    .selectFrom('chat_dialogs')
    .where(sql<boolean>`occupant_ids @> array[${chatId}]::integer[] and not (${chatId} = any(hidden_for))`);
}

/** The call records among these messages (src/shared/call-record.ts), by message id. */
async function lastCallRecords(ctx: ServerContext, ids: string[]): Promise<Map<string, CallRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .selectFrom('chat_messages')
    .select(['id', 'body', 'custom'])
    .where('id', 'in', ids)
    .execute();
  return new Map(
    rows.flatMap((row) => {
      const call = readCallRecord(row.custom as Record<string, unknown>, row.body);
      return call ? [[row.id, call] as const] : [];
    }),
  );
}

/** Newest message first, then newest dialog. */
function newestFirst<Q extends ReturnType<typeof providerDialogs>>(query: Q): Q {
  return query
    .orderBy(sql`last_message_date_sent desc nulls last`)
    .orderBy('created_at', 'desc')
    .orderBy('id') as Q;
}

export function registerChatPortalRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { appId, domain } = ctx.config.chat;

  app.get('/message/qb/avatar/default.svg', async (_request, reply) =>
    reply
      .header('Content-Type', 'image/svg+xml')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'public, max-age=86400')
      .send(DEFAULT_AVATAR_SVG),
  );

  registerEndpoint(app, ctx, getProviderDialogs, async ({ session, query, request }) => {
    const counted = await providerDialogs(ctx, session.chatId)
      .select(sql<number>`count(*)::integer`.as('total'))
      .executeTakeFirst();
    const page = await newestFirst(providerDialogs(ctx, session.chatId))
      .selectAll()
      .select(unreadCountColumn(session.chatId, sql.ref('chat_dialogs.id')).as('unread_count'))
      .limit(query.limit)
      .offset(query.skip)
      .execute();
    const calls = await lastCallRecords(
      ctx,
      page.flatMap((d) => d.last_message_id ?? []),
    );
    const clients = await clientInfos(
      ctx,
      page.filter((d) => d.type === PRIVATE).flatMap((d) => opponentOf(d, session.chatId) ?? []),
    );
    await recordMemberReads(
      ctx.db,
      { providerId: session.providerId, address: request.ip },
      previewReads(page, session.chatId),
    );
    return {
      total: Number(counted?.total ?? 0),
      items: page.map((d) => {
        const other = d.type === PRIVATE ? opponentOf(d, session.chatId) : null;
        const client = other === null ? null : (clients.get(other) ?? null);
        return {
          dialogId: d.id,
          type: d.type,
          name: client?.name ?? d.name,
          photo: d.photo,
          xmppRoomJid: d.type === PRIVATE ? null : roomJid(d.id, appId, domain),
          occupantIds: d.occupant_ids,
          client,
          lastMessage: d.last_message,
          lastMessageId: d.last_message_id,
          lastMessageDateSent: d.last_message_date_sent,
          lastMessageUserId: d.last_message_user_id,
          lastMessageCall: (d.last_message_id && calls.get(d.last_message_id)) || null,
          unreadMessagesCount: d.unread_count,
          createdAt: d.created_at.toISOString(),
        };
      }),
    };
  });

  registerEndpoint(app, ctx, getClientByChatId, async ({ session, query }) => {
    const target = query.quickBloxId;
    const { rows } =
      await sql`select 1 from chat_dialogs where occupant_ids @> array[${session.chatId}, ${target}]::integer[]
      union all
      select 1 from appointments a join members m on m.id = a.member_id
        where a.provider_id = ${session.providerId} and m.chat_id = ${target}
      union all
      select 1 from expert_reports r join members m on m.id = r.member_id
        where r.provider_id = ${session.providerId} and m.chat_id = ${target}
      limit 1`.execute(ctx.db);
    const info = rows.length > 0 ? (await clientInfos(ctx, [target])).get(target) : undefined;
    // Users the provider has nothing to do with are not disclosed, not even their existence; a call
    // from one does not ring (docs/calls.md "Who may ring").
    if (!info) throw ApiError.notFound('Client');
    return info;
  });

  registerEndpoint(app, ctx, getChatAccount, async ({ session, reply }) => {
    // The answer holds this portal session's chat password (docs/security.md): never cached.
    reply.header('Cache-Control', 'no-store');
    const user = await ctx.db
      .selectFrom('chat_users')
      .select(['id', 'login'])
      .where('id', '=', session.chatId)
      .executeTakeFirstOrThrow();
    const dialogs = await newestFirst(providerDialogs(ctx, session.chatId)).select('id').execute();
    const unread = await unreadCounts(ctx.db, session.chatId);
    const items = dialogs.map((d) => ({ dialogId: d.id, unreadMessagesCount: unread.get(d.id) ?? 0 }));
    const credentials = chatCredentials(ctx, user.id, user.login, session.sessionId);
    return {
      login: credentials.login,
      password: credentials.password,
      quickBloxId: credentials.quickBloxId,
      app: {
        appId: ctx.config.chat.appId,
        authKey: ctx.config.chat.authKey,
        authSecret: ctx.config.chat.authSecret,
        hash: ctx.config.chat.signatureHash,
        apiPath: '/qb',
      },
      items,
      totalUnread: items.reduce((sum, i) => sum + i.unreadMessagesCount, 0),
    };
  });

  registerEndpoint(app, ctx, getUnreadDialogs, async ({ session, request }) => {
    const unread = await unreadCounts(ctx.db, session.chatId);
    const unreadIds = [...unread].filter(([, count]) => count > 0).map(([id]) => id);
    if (unreadIds.length === 0) return { total: 0, items: [] };
    const dialogs = await newestFirst(providerDialogs(ctx, session.chatId).where('id', 'in', unreadIds))
      .selectAll()
      .execute();
    await recordMemberReads(
      ctx.db,
      { providerId: session.providerId, address: request.ip },
      previewReads(dialogs, session.chatId),
    );
    const items = dialogs.map((d) => ({
      dialogId: d.id,
      type: d.type,
      clientChatId: d.type === PRIVATE ? opponentOf(d, session.chatId) : null,
      unreadMessagesCount: unread.get(d.id)!,
      lastMessage: d.last_message,
      lastMessageDateSent: d.last_message_date_sent,
    }));
    return { total: items.reduce((sum, i) => sum + i.unreadMessagesCount, 0), items };
  });
}
