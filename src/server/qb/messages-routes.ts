/**
 * Messages (docs/wire/hosted-chat.md §5.2): list (marks what it returns read unless `mark_as_read=0`),
 * create (with `send_to_chat=1` also delivered over XMPP with stanza id = `_id`; `system=1` is a
 * system notification, system-messages.ts), update
 * `read` / `delivered` / `message`, mark a whole dialog read with `PUT /chat/Message.json`,
 * delete for oneself or, with `force=1`, for everyone (sender only), and unread counts.
 */
import { recordChatHistoryRead } from '../access-log/chat-history-access';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ServerContext } from '../context';
import type { ChatHistory } from '../chat-history/history';
import { canSee, findDialog, refreshLastMessage, type DialogRow } from '../chat-history/dialogs';
import { markMessages, markWholeDialog, unreadCounts, type MessageRow } from '../chat-history/messages';
import { messageJson } from './chat-format';
import { limitSkip } from './dialogs-query';
import { createMessage } from './messages-create';
import { createSystemMessage } from './system-messages';
import { messageFilters, messageOrder } from './messages-query';
import { flag, list, readParams, str } from './params';
import { USER, userOf } from './scope';
import { QbError } from './wire';

/** The messages of `ids` with their dialogs, in two queries (docs/architecture.md §3: batch what belongs together). */
async function messagesWithDialogs(
  ctx: ServerContext,
  ids: string[],
): Promise<Map<string, { row: MessageRow; dialog: DialogRow | undefined }>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db.selectFrom('chat_messages').selectAll().where('id', 'in', ids).execute();
  const dialogIds = [...new Set(rows.map((r) => r.dialog_id))];
  const dialogs = dialogIds.length
    ? await ctx.db.selectFrom('chat_dialogs').selectAll().where('id', 'in', dialogIds).execute()
    : [];
  const byId = new Map(dialogs.map((d) => [d.id, d]));
  return new Map(rows.map((row) => [row.id, { row, dialog: byId.get(row.dialog_id) }]));
}

export function registerMessageRoutes(scope: FastifyInstance, ctx: ServerContext, history: ChatHistory) {
  async function visibleDialog(id: string | undefined, me: number): Promise<DialogRow> {
    if (!id) throw QbError.invalid('chat_dialog_id', "can't be blank");
    const dialog = await findDialog(ctx.db, id);
    if (!dialog || !canSee(dialog, me)) throw QbError.notFound('Dialog');
    return dialog;
  }

  scope.get('/chat/Message.json', USER, async (request) => {
    const me = userOf(request);
    const params = readParams(request);
    const dialog = await visibleDialog(str(params.chat_dialog_id), me);
    const { limit, skip } = limitSkip(params, 100, 10_000);
    const where = sql.join(
      [sql`m.dialog_id = ${dialog.id}`, sql`not (${me} = any(m.deleted_for))`, ...messageFilters(params)],
      sql` and `,
    );
    if (flag(params.count)) {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::integer as n from chat_messages m where ${where}`.execute(ctx.db);
      return { items_count: rows[0]?.n ?? 0 };
    }
    const { rows } = await sql<MessageRow>`select m.* from chat_messages m where ${where}
      order by ${messageOrder(params)} limit ${limit} offset ${skip}`.execute(ctx.db);
    // Docs "List Messages": what is returned is marked read, unless mark_as_read=0.
    const markRead = str(params.mark_as_read) !== '0' && dialog.occupant_ids.includes(me);
    if (markRead) {
      const unread = rows.filter((m) => m.sender_id !== me && !m.read_ids.includes(me));
      await markMessages(
        ctx.db,
        unread.map((m) => m.id),
        me,
        'displayed',
      );
      for (const m of unread) {
        m.read_ids = [...m.read_ids, me];
        if (!m.delivered_ids.includes(me)) m.delivered_ids = [...m.delivered_ids, me];
      }
    }
    if (rows.length > 0) {
      await recordChatHistoryRead(ctx.db, {
        readerChatId: me,
        dialogId: dialog.id,
        occupantIds: dialog.occupant_ids,
        address: request.ip,
      });
    }
    return { skip, limit, items: rows.map((m) => messageJson(m, dialog.type)) };
  });

  scope.post('/chat/Message.json', USER, async (request, reply) => {
    const params = readParams(request);
    if (flag(params.system))
      return reply.code(201).send(await createSystemMessage(ctx, history, userOf(request), params));
    const { message, dialog } = await createMessage(ctx, history, userOf(request), params, request.log);
    return reply.code(201).send(messageJson(message, dialog.type));
  });

  // §5.2 "an empty id with read=1&chat_dialog_id=… marks the whole dialog read".
  scope.put('/chat/Message.json', USER, async (request, reply) => {
    const me = userOf(request);
    const params = readParams(request);
    const dialog = await visibleDialog(str(params.chat_dialog_id), me);
    if (!flag(params.read) && !flag(params.delivered))
      throw QbError.invalid('read', 'give read=1 or delivered=1');
    if (flag(params.delivered)) await markWholeDialog(ctx.db, dialog.id, me, 'received');
    if (flag(params.read)) await markWholeDialog(ctx.db, dialog.id, me, 'displayed');
    return reply.code(200).send('');
  });

  scope.put<{ Params: { ids: string } }>('/chat/Message/:ids.json', USER, async (request, reply) => {
    const me = userOf(request);
    const params = readParams(request);
    const ids = list(request.params.ids);
    // `/chat/Message/.json` names no message: not found, as an unknown id is.
    if (ids.length === 0) throw QbError.notFound('Message');
    const found = await messagesWithDialogs(ctx, ids);
    const rows = [...found.values()].map((f) => f.row);
    if (rows.length !== ids.length) throw QbError.notFound('Message');
    for (const { row, dialog } of found.values()) {
      if (!dialog || !dialog.occupant_ids.includes(me) || row.deleted_for.includes(me))
        throw QbError.notFound('Message');
    }
    // docs/security.md "File access": what a message shares is fixed when it is sent.
    if ('attachments' in params)
      throw QbError.invalid('attachments', 'cannot be changed; send a new message instead');
    const text = str(params.message);
    if (text !== undefined) {
      if (rows.some((row) => row.sender_id !== me))
        throw QbError.forbidden('Only the sender can edit a message');
      await ctx.db
        .updateTable('chat_messages')
        .set({ body: text, updated_at: new Date() })
        .where('id', 'in', ids)
        .execute();
      for (const dialogId of new Set(rows.map((r) => r.dialog_id)))
        await refreshLastMessage(ctx.db, dialogId);
    }
    if (flag(params.delivered)) await markMessages(ctx.db, ids, me, 'received');
    if (flag(params.read)) await markMessages(ctx.db, ids, me, 'displayed');
    if (text === undefined && !flag(params.read) && !flag(params.delivered)) {
      throw QbError.invalid('base', 'give read=1, delivered=1 or message');
    }
    return reply.code(200).send('');
  });

  scope.delete<{ Params: { ids: string } }>('/chat/Message/:ids.json', USER, async (request, reply) => {
    const me = userOf(request);
    const force = flag(readParams(request).force);
    const result = {
      SuccessfullyDeleted: { ids: [] as string[] },
      NotFound: { ids: [] as string[] },
      WrongPermissions: { ids: [] as string[] },
    };
    const touched = new Set<string>();
    const ids = [...new Set(list(request.params.ids))];
    const found = await messagesWithDialogs(ctx, ids);
    for (const id of ids) {
      const { row, dialog } = found.get(id) ?? {};
      if (!row || !dialog || !canSee(dialog, me) || row.deleted_for.includes(me)) {
        result.NotFound.ids.push(id);
      } else if (force) {
        if (row.sender_id !== me) {
          result.WrongPermissions.ids.push(id);
          continue;
        }
        await ctx.db.deleteFrom('chat_messages').where('id', '=', id).execute();
        touched.add(row.dialog_id);
        result.SuccessfullyDeleted.ids.push(id);
      } else {
        await ctx.db
          .updateTable('chat_messages')
          .set({ deleted_for: [...row.deleted_for, me] })
          .where('id', '=', id)
          .execute();
        result.SuccessfullyDeleted.ids.push(id);
      }
    }
    for (const dialogId of touched) await refreshLastMessage(ctx.db, dialogId);
    return reply.code(200).send(result);
  });

  scope.get('/chat/Message/unread.json', USER, async (request) => {
    const me = userOf(request);
    const ids = list(readParams(request).chat_dialog_ids);
    const counts = await unreadCounts(ctx.db, me, ids.length ? ids : undefined);
    const answer: Record<string, number> = { total: 0 };
    for (const id of ids) answer[id] = counts.get(id) ?? 0;
    answer.total = [...counts.values()].reduce((sum, n) => sum + n, 0);
    return answer;
  });
}
