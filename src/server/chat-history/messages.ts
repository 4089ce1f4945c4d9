/**
 * History: every message stored once, by its id (docs/wire/hosted-chat.md §14.2: the stanza id is the
 * history `_id`, §21.7), with `date_sent`, `read_ids` and `delivered_ids` (the sender is in both,
 * as the vendor answers), and the dialog's last message. Delivered and read markers (§14.4) count
 * for the marked message and every earlier one from others in the dialog (XEP-0333: a marker
 * acknowledges everything up to it). Order is `date_sent` (whole seconds), then arrival
 * (`created_at`, then the `arrival` sequence: the embedded database's clock has whole
 * milliseconds, and a batch of reports stores several messages within one). A marker
 * that arrives before its message waits for it.
 */
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Database } from '../db/database';
import type { ChatMessagesTable } from '../db/schema';
import { inTransaction } from '../db/transaction';

export type MessageRow = Selectable<ChatMessagesTable>;

export interface NewMessage {
  id: string;
  dialogId: string;
  senderId: number;
  recipientId: number | null;
  body: string;
  dateSent: number;
  attachments: Array<Record<string, string | number>>;
  custom: Record<string, unknown>;
  markable: boolean;
  /** Attachments' blobs the sender owns, which the message shares (docs/security.md "File access"); none if absent. */
  sharedBlobIds?: number[];
}

export type MarkerKind = 'received' | 'displayed';

/**
 * Stores the messages whose ids are not known yet, in the order given; returns the ids stored
 * (of an id given twice, the first). One statement inserts them all, brings each dialog's last
 * message forward and takes the markers that waited for them (docs/performance.md "Server": a
 * burst's history was a statement per message); the markers are then applied, each to its
 * message and the earlier ones (XEP-0333), and every later statement of the same transaction
 * sees the rows.
 */
export async function storeMessages(db: Database, messages: readonly NewMessage[]): Promise<Set<string>> {
  const seen = new Set<string>();
  const unique = messages.filter((m) => !seen.has(m.id) && seen.add(m.id));
  if (unique.length === 0) return new Set();
  return inTransaction(db, async (trx) => {
    // created_at is each row's own clock_timestamp(): now() is the same for a whole transaction,
    // and a batch of reports stores many messages in one (report.ts); `arrival` orders the rest.
    const rows = unique.map(
      (m) => sql`(${m.id}, ${m.dialogId}, ${m.senderId}, ${m.recipientId}, ${m.body}, ${m.dateSent},
        ${JSON.stringify(m.attachments)}, ${JSON.stringify(m.custom)}, ${[m.senderId]}, ${[m.senderId]},
        ${m.markable}, ${m.sharedBlobIds ?? []}, clock_timestamp())`,
    );
    const { rows: stored } = await sql<{ id: string; user_id: number | null; kind: MarkerKind | null }>`
      with inserted as (
        insert into chat_messages (id, dialog_id, sender_id, recipient_id, body, date_sent, attachments,
          custom, read_ids, delivered_ids, markable, shared_blob_ids, created_at)
        values ${sql.join(rows)}
        on conflict (id) do nothing
        returning id, dialog_id, sender_id, body, date_sent, arrival
      ),
      -- Each dialog's newest new message: the latest date_sent, of those the last to arrive.
      newest as (
        select distinct on (dialog_id) * from inserted order by dialog_id, date_sent desc, arrival desc
      ),
      -- A new message brings a dialog back for whoever had removed it (§5.1 delete without force).
      dialog as (
        update chat_dialogs d set hidden_for = '{}', updated_at = now(),
          last_message = case when coalesce(d.last_message_date_sent, 0) <= n.date_sent then n.body else d.last_message end,
          last_message_id = case when coalesce(d.last_message_date_sent, 0) <= n.date_sent then n.id else d.last_message_id end,
          last_message_user_id = case when coalesce(d.last_message_date_sent, 0) <= n.date_sent then n.sender_id else d.last_message_user_id end,
          last_message_date_sent = greatest(coalesce(d.last_message_date_sent, 0), n.date_sent)
        from newest n
        where d.id = n.dialog_id
      ),
      pending as (
        delete from chat_pending_markers p using inserted i
        where p.message_id = i.id
        returning p.message_id, p.user_id, p.kind
      )
      select inserted.id, pending.user_id, pending.kind
      from inserted left join pending on pending.message_id = inserted.id
      order by inserted.arrival`.execute(trx);
    for (const marker of stored)
      if (marker.user_id !== null && marker.kind !== null)
        await markUpTo(trx, marker.id, marker.user_id, marker.kind);
    return new Set(stored.map((row) => row.id));
  });
}

/** Applies `kind` by `userId` to message `messageId` and every earlier message of its dialog. */
async function markUpTo(db: Database, messageId: string, userId: number, kind: MarkerKind): Promise<number> {
  const readSet =
    kind === 'displayed'
      ? sql`read_ids = case when ${userId} = any(m.read_ids) then m.read_ids else array_append(m.read_ids, ${userId}) end,`
      : sql``;
  const column = kind === 'displayed' ? sql.ref('read_ids') : sql.ref('delivered_ids');
  const result = await sql`update chat_messages m set ${readSet}
      delivered_ids = case when ${userId} = any(m.delivered_ids) then m.delivered_ids else array_append(m.delivered_ids, ${userId}) end,
      updated_at = now()
    from chat_messages t
    join chat_dialogs d on d.id = t.dialog_id
    where t.id = ${messageId}
      and ${userId} = any(d.occupant_ids)
      and m.dialog_id = t.dialog_id
      and (m.date_sent, m.created_at, m.arrival) <= (t.date_sent, t.created_at, t.arrival)
      and m.sender_id <> ${userId}
      and not (${userId} = any(m.${column}))`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * A delivered/read marker by `userId` for `messageId`: applied now, or kept until the message is
 * stored. Returns whether the message was known.
 */
export async function applyMarker(db: Database, messageId: string, userId: number, kind: MarkerKind) {
  return inTransaction(db, async (trx) => {
    const known = await trx
      .selectFrom('chat_messages')
      .select('id')
      .where('id', '=', messageId)
      .executeTakeFirst();
    if (!known) {
      await trx
        .insertInto('chat_pending_markers')
        .values({ message_id: messageId, user_id: userId, kind })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return false;
    }
    await markUpTo(trx, messageId, userId, kind);
    return true;
  });
}

/** `PUT /chat/Message.json` with `read=1` / `delivered=1` and a dialog (§5.2): every message. */
export async function markWholeDialog(db: Database, dialogId: string, userId: number, kind: MarkerKind) {
  const newest = await db
    .selectFrom('chat_messages')
    .select('id')
    .where('dialog_id', '=', dialogId)
    .orderBy('date_sent', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('arrival', 'desc')
    .limit(1)
    .executeTakeFirst();
  return newest ? markUpTo(db, newest.id, userId, kind) : 0;
}

/** Applies a marker to exactly these messages (REST `PUT /chat/Message/{ids}.json`). */
export async function markMessages(db: Database, ids: string[], userId: number, kind: MarkerKind) {
  if (ids.length === 0) return;
  const readSet =
    kind === 'displayed'
      ? sql`read_ids = case when ${userId} = any(read_ids) then read_ids else array_append(read_ids, ${userId}) end,`
      : sql``;
  await sql`update chat_messages set ${readSet}
      delivered_ids = case when ${userId} = any(delivered_ids) then delivered_ids else array_append(delivered_ids, ${userId}) end,
      updated_at = now()
    where id in (${sql.join(ids)})`.execute(db);
}

/** A message `m` of someone else that `userId` has neither read nor deleted (§5.2 unread count). */
const unreadBy = (userId: number) =>
  sql<boolean>`m.sender_id <> ${userId}
      and not (${userId} = any(m.read_ids))
      and not (${userId} = any(m.deleted_for))`;

/**
 * The unread count of the dialog whose id is `dialogId` (a column of the enclosing query) for
 * `userId`, as a column of that query: read in the same statement as the dialog's last message,
 * so the count covers exactly the messages up to it (docs/wire/hosted-chat.md §5.1). Counted in
 * a second statement, a message stored between the two was counted while the last message was
 * still the one before it.
 */
export function unreadCountColumn(userId: number, dialogId: RawBuilder<string>) {
  return sql<number>`(select count(*)::integer from chat_messages m
      where m.dialog_id = ${dialogId} and ${unreadBy(userId)})`;
}

/**
 * Unread messages of `userId` per dialog (§5.2 unread count): messages from others it has not
 * read, in dialogs it occupies and has not removed.
 */
export async function unreadCounts(
  db: Database,
  userId: number,
  dialogIds?: string[],
): Promise<Map<string, number>> {
  if (dialogIds && dialogIds.length === 0) return new Map();
  const only = dialogIds ? sql`and m.dialog_id in (${sql.join(dialogIds)})` : sql``;
  const { rows } = await sql<{ dialog_id: string; count: number }>`
    select m.dialog_id, count(*)::integer as count
    from chat_messages m join chat_dialogs d on d.id = m.dialog_id
    where d.occupant_ids @> array[${userId}]::integer[]
      and not (${userId} = any(d.hidden_for))
      and ${unreadBy(userId)}
      ${only}
    group by m.dialog_id`.execute(db);
  return new Map(rows.map((r) => [r.dialog_id, r.count]));
}

/**
 * Within one `date_sent` (whole seconds), the history's order: as stored, by each row's
 * `created_at` (whole milliseconds on the embedded database), then its arrival sequence. Every
 * ordering of messages ends with it (`m` is chat_messages).
 */
export function storedOrder(direction: 'asc' | 'desc'): RawBuilder<unknown> {
  const dir = sql.raw(direction);
  return sql`m.created_at ${dir}, m.arrival ${dir}`;
}

/** Of the given message ids, the one the history puts last; undefined when none of them is stored. */
export async function newestMessage(db: Database, ids: readonly string[]): Promise<string | undefined> {
  if (ids.length === 0) return undefined;
  const { rows } = await sql<{ id: string }>`select m.id from chat_messages m
    where m.id = any(${[...ids]}) order by m.date_sent desc, ${storedOrder('desc')} limit 1`.execute(db);
  return rows[0]?.id;
}
