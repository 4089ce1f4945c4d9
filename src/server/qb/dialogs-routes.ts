/**
 * Dialogs (docs/wire/hosted-chat.md §5.1): list with filters, get, create private / group / public
 * group (group dialogs get their MUC room), update (JSON: name, photo, data, `push_all` /
 * `pull_all` of occupants), delete for oneself or, with `force=1`, for everyone (owner only).
 * A user sees and changes only dialogs it occupies (and public groups).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { ServerContext } from '../context';
import { ChatServerUnavailable } from '../chat-history/prosody-bridge';
import type { ChatHistory } from '../chat-history/history';
import {
  canSee,
  createGroupDialog,
  ensurePrivateDialog,
  findDialog,
  fullNames,
  GROUP,
  opponentOf,
  PRIVATE,
  PUBLIC_GROUP,
  type DialogRow,
} from '../chat-history/dialogs';
import { unreadCountColumn, unreadCounts } from '../chat-history/messages';
import { previewReads } from '../access-log/chat-history-access';
import { providerOfChatUser, recordMemberReads } from '../access-log/record-access';
import { dialogJson } from './chat-format';
import { dialogFilters, dialogOrder, limitSkip } from './dialogs-query';
import { updateDialog } from './dialogs-update';
import { flag, int, intList, list, obj, readParams, str } from './params';
import { USER, userOf } from './scope';
import { QbError } from './wire';
import { isDialogTypeCode } from '../../shared/dialog-type';

export function registerDialogRoutes(scope: FastifyInstance, ctx: ServerContext, history: ChatHistory) {
  const { appId, domain } = ctx.config.chat;

  /**
   * The dialogs as the vendor shows them, each with its last message: a provider reading members'
   * previews is logged (docs/security.md "Health-data access log").
   */
  async function present(rows: Array<DialogRow & { unread_count?: number }>, me: number, address: string) {
    const providerId = await providerOfChatUser(ctx.db, me);
    if (providerId !== null) await recordMemberReads(ctx.db, { providerId, address }, previewReads(rows, me));
    // Rows read with their counts (unreadCountColumn) keep them: counted later, a message stored
    // meanwhile would be in the count and not in the last message.
    const uncounted = rows.filter((r) => r.unread_count === undefined);
    const unread = await unreadCounts(
      ctx.db,
      me,
      uncounted.map((r) => r.id),
    );
    const names = await fullNames(
      ctx.db,
      rows.filter((r) => r.type === PRIVATE).flatMap((r) => opponentOf(r, me) ?? []),
    );
    return rows.map((row) => {
      const other = row.type === PRIVATE ? opponentOf(row, me) : null;
      return dialogJson(row, {
        viewerId: me,
        appId,
        domain,
        unread: row.unread_count ?? unread.get(row.id) ?? 0,
        privateName: other === null ? undefined : names.get(other),
      });
    });
  }

  /** One dialog with the viewer's unread count read in the same statement, as the list reads it. */
  const findCounted = (id: string, me: number) =>
    ctx.db
      .selectFrom('chat_dialogs')
      .selectAll()
      .select(unreadCountColumn(me, sql.ref('chat_dialogs.id')).as('unread_count'))
      .where('id', '=', id)
      .executeTakeFirst();

  scope.get('/chat/Dialog.json', USER, async (request) => {
    const me = userOf(request);
    const params = readParams(request);
    const { limit, skip } = limitSkip(params);
    const order = dialogOrder(params);
    const visible = sql<boolean>`((d.occupant_ids @> array[${me}]::integer[] and not (${me} = any(d.hidden_for))) or d.type = ${PUBLIC_GROUP})`;
    const conditions = [visible, ...dialogFilters(params)];
    const where = sql.join(conditions, sql` and `);
    const { rows: counted } = await sql<{
      total: number;
    }>`select count(*)::integer as total from chat_dialogs d where ${where}`.execute(ctx.db);
    const total = counted[0]?.total ?? 0;
    if (flag(params.count)) return { items_count: total };
    const { rows } = await sql<DialogRow & { unread_count: number }>`select d.*,
        ${unreadCountColumn(me, sql.ref('d.id'))} as unread_count
      from chat_dialogs d where ${where}
      order by ${sql.ref(order.column)} ${sql.raw(order.direction)} nulls last, d.created_at desc, d.id
      limit ${limit} offset ${skip}`.execute(ctx.db);
    return { total_entries: total, skip, limit, items: await present(rows, me, request.ip) };
  });

  scope.get<{ Params: { id: string } }>('/chat/Dialog/:id.json', USER, async (request) => {
    const me = userOf(request);
    const dialog = await findCounted(request.params.id, me);
    if (!dialog || !canSee(dialog, me)) throw QbError.notFound('Dialog');
    return (await present([dialog], me, request.ip))[0];
  });

  scope.post('/chat/Dialog.json', USER, async (request, reply) => {
    const me = userOf(request);
    const params = readParams(request);
    const occupants = intList(params.occupants_ids);
    if (occupants === null) throw QbError.invalid('occupants_ids', 'must be user ids separated by commas');
    const others = [...new Set(occupants.filter((id) => id !== me))];
    const type = int(params.type) ?? (others.length === 1 ? PRIVATE : GROUP);
    if (!isDialogTypeCode(type))
      throw QbError.invalid('type', 'must be 1 (public group), 2 (group) or 3 (private)');
    if (others.length > 0) {
      const found = await ctx.db.selectFrom('chat_users').select('id').where('id', 'in', others).execute();
      if (found.length !== others.length)
        throw QbError.invalid('occupants_ids', 'contains users that do not exist');
    }
    // docs/wire/hosted-chat.md §5.1 is_joinable (the vendor's spec "Create … Dialog"): a group or
    // public dialog is joinable unless asked otherwise; a private one never, a public one always.
    const joinable = 'is_joinable' in params ? flag(params.is_joinable) : type !== PRIVATE;
    if (type === PRIVATE && joinable)
      throw QbError.invalid('is_joinable', 'a private dialog is never joinable');
    if (type === PUBLIC_GROUP && !joinable)
      throw QbError.invalid('is_joinable', 'a public dialog is always joinable');
    if (type === PRIVATE) {
      if (others.length !== 1)
        throw QbError.invalid('occupants_ids', 'a private dialog needs exactly one other user');
      const dialog = await ensurePrivateDialog(ctx.db, me, others[0]!);
      if (dialog.hidden_for.includes(me)) {
        await ctx.db
          .updateTable('chat_dialogs')
          .set({ hidden_for: dialog.hidden_for.filter((id) => id !== me) })
          .where('id', '=', dialog.id)
          .execute();
      }
      return reply.code(201).send((await present([(await findCounted(dialog.id, me))!], me, request.ip))[0]);
    }
    const name = str(params.name)?.trim() ?? '';
    if (!name) throw QbError.invalid('name', "can't be blank for a group dialog");
    if (name.length > 200) throw QbError.invalid('name', 'is too long (maximum is 200 characters)');
    const data = obj(params.data) ?? null;
    if (data && !str(data.class_name)) throw QbError.invalid('data', 'needs a class_name');
    const dialog = await createGroupDialog(ctx.db, {
      type: type as 1 | 2,
      owner: me,
      occupants: others,
      name,
      photo: str(params.photo) ?? null,
      isJoinable: joinable,
      data,
    });
    try {
      await history.syncRoom(dialog);
    } catch (error) {
      await ctx.db.deleteFrom('chat_dialogs').where('id', '=', dialog.id).execute();
      if (error instanceof ChatServerUnavailable) throw new QbError(502, [error.message]);
      throw error;
    }
    return reply.code(201).send((await present([(await findCounted(dialog.id, me))!], me, request.ip))[0]);
  });

  scope.put<{ Params: { id: string } }>('/chat/Dialog/:id.json', USER, async (request) => {
    const me = userOf(request);
    const dialog = await findDialog(ctx.db, request.params.id);
    if (!dialog || !canSee(dialog, me)) throw QbError.notFound('Dialog');
    const updated = await updateDialog(ctx, history, dialog, me, readParams(request));
    return (await present([updated], me, request.ip))[0];
  });

  scope.delete<{ Params: { ids: string } }>(
    '/chat/Dialog/:ids.json',
    USER,
    async (request, reply: FastifyReply) => {
      const me = userOf(request);
      const force = flag(readParams(request).force);
      const result = {
        SuccessfullyDeleted: { ids: [] as string[] },
        NotFound: { ids: [] as string[] },
        WrongPermissions: { ids: [] as string[] },
      };
      for (const id of list(request.params.ids)) {
        const dialog = await findDialog(ctx.db, id);
        if (!dialog || !canSee(dialog, me)) {
          result.NotFound.ids.push(id);
        } else if (force) {
          if (dialog.owner_id !== me) {
            result.WrongPermissions.ids.push(id);
            continue;
          }
          await ctx.db.deleteFrom('chat_dialogs').where('id', '=', id).execute();
          if (dialog.type !== PRIVATE) {
            await history.bridge
              .destroyRoom(history.roomOf(dialog))
              .catch((error: unknown) =>
                request.log.warn(
                  { err: error, dialog: id },
                  'the room of a deleted dialog stays until the chat server is back',
                ),
              );
          }
          result.SuccessfullyDeleted.ids.push(id);
        } else if (dialog.type === PRIVATE) {
          await ctx.db
            .updateTable('chat_dialogs')
            .set({ hidden_for: [...new Set([...dialog.hidden_for, me])] })
            .where('id', '=', id)
            .execute();
          result.SuccessfullyDeleted.ids.push(id);
        } else {
          const remaining = dialog.occupant_ids.filter((o) => o !== me);
          await ctx.db
            .updateTable('chat_dialogs')
            .set({ occupant_ids: remaining, updated_at: new Date() })
            .where('id', '=', id)
            .execute();
          await history.syncRoom({ ...dialog, occupant_ids: remaining }).catch((error: unknown) => {
            request.log.warn(
              { err: error, dialog: id },
              'room membership will follow when the chat server is back',
            );
          });
          result.SuccessfullyDeleted.ids.push(id);
        }
      }
      return reply.code(200).send(result);
    },
  );
}
