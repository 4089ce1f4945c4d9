/**
 * The history store against a real embedded database: a message is stored once by its id and
 * announced once (`chat.message.stored`), dialogs keep their last message, markers count up to
 * the marked message for the reader only, a marker that comes first waits for its message, and
 * unread counts follow.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerContext } from '../../../src/server/context';
import {
  ensurePrivateDialog,
  findDialog,
  refreshLastMessage,
} from '../../../src/server/chat-history/dialogs';
import { ChatHistory } from '../../../src/server/chat-history/history';
import { applyMarker, unreadCounts, type NewMessage } from '../../../src/server/chat-history/messages';
import { ProsodyBridge } from '../../../src/server/chat-history/prosody-bridge';
import type { Database } from '../../../src/server/db/database';
import { openTestDatabase, type TestDatabase } from './db-fixture';
import { EventBus, type DomainEvents } from '../../../src/server/events/event-bus';
import { newObjectId } from '../../../src/server/chat-history/object-id';
import { messageOrder } from '../../../src/server/qb/messages-query';

let database: TestDatabase | undefined;
let db: Database;
let history: ChatHistory;
const events: Array<DomainEvents['chat.message.stored']> = [];
const A = 500001;
const B = 500002;

beforeAll(async () => {
  database = await openTestDatabase('chat-history');
  ({ db } = database);
  for (const id of [A, B]) {
    await db
      .insertInto('chat_users')
      .values({ id, kind: 'member', login: `u${id}`, password_hash: 'x' })
      .execute();
  }
  const bus = new EventBus();
  bus.on('chat.message.stored', (e) => void events.push(e));
  const ctx = {
    db,
    events: bus,
    config: { chat: { appId: 1001, domain: 'localhost' } },
  } as unknown as ServerContext;
  history = new ChatHistory(ctx, new ProsodyBridge(() => null, 'localhost'));
});

afterAll(async () => {
  await database?.close();
});

const message = (dialogId: string, sender: number, body: string, dateSent: number): NewMessage => ({
  id: newObjectId(),
  dialogId,
  senderId: sender,
  recipientId: sender === A ? B : A,
  body,
  dateSent,
  attachments: [],
  custom: {},
  markable: true,
});

describe('history store', () => {
  it('stores and announces a message once, and keeps the last message on the dialog', async () => {
    const dialog = await ensurePrivateDialog(db, A, B);
    expect((await ensurePrivateDialog(db, B, A)).id).toBe(dialog.id);
    const first = message(dialog.id, A, 'Hello', 1_800_000_000);
    expect(await history.record(first, dialog)).toBe(true);
    expect(await history.record({ ...first, body: 'Changed' }, dialog)).toBe(false);
    expect(events).toEqual([
      expect.objectContaining({
        chatDialogId: dialog.id,
        messageId: first.id,
        senderChatId: A,
        recipientChatIds: [B],
        textPreview: 'Hello',
      }),
    ]);
    // An older message arriving late does not become the last one.
    await history.record(message(dialog.id, B, 'Earlier', 1_799_999_000), dialog);
    expect(await findDialog(db, dialog.id)).toMatchObject({
      last_message: 'Hello',
      last_message_id: first.id,
      last_message_user_id: A,
    });
  });

  it('counts unread per reader and applies markers up to the marked message', async () => {
    const dialog = await ensurePrivateDialog(db, A, B);
    const later = [
      message(dialog.id, A, 'One', 1_800_000_010),
      message(dialog.id, A, 'Two', 1_800_000_020),
      message(dialog.id, A, 'Three', 1_800_000_030),
    ];
    for (const m of later) await history.record(m, dialog);
    expect((await unreadCounts(db, B)).get(dialog.id)).toBe(4);
    expect((await unreadCounts(db, A)).get(dialog.id)).toBe(1);
    await applyMarker(db, later[1]!.id, B, 'displayed');
    expect((await unreadCounts(db, B)).get(dialog.id)).toBe(1);
    const rows = await db
      .selectFrom('chat_messages')
      .select(['body', 'read_ids', 'delivered_ids'])
      .where('dialog_id', '=', dialog.id)
      .execute();
    const byBody = Object.fromEntries(rows.map((r) => [r.body, r]));
    expect(byBody.Two!.read_ids).toEqual([A, B]);
    expect(byBody.Three!.read_ids).toEqual([A]);
    // The reader's own message is not "read" by it again.
    expect(byBody.Earlier!.read_ids).toEqual([B]);
    await applyMarker(db, later[2]!.id, B, 'received');
    const three = await db
      .selectFrom('chat_messages')
      .select(['read_ids', 'delivered_ids'])
      .where('id', '=', later[2]!.id)
      .executeTakeFirstOrThrow();
    expect(three).toEqual({ read_ids: [A], delivered_ids: [A, B] });
  });

  it('orders the messages of one second by arrival, whatever their ids, for lists and markers', async () => {
    const dialog = await ensurePrivateDialog(db, A, B);
    const second = 1_800_000_100;
    // Ids in falling order, so an order by id reverses them.
    const ids = Array.from({ length: 6 }, () => newObjectId())
      .sort()
      .reverse();
    const burst = ids.map((id, i) => ({ ...message(dialog.id, A, `Burst ${i + 1}`, second), id }));
    for (const m of burst) await history.record(m, dialog);
    // The embedded database's clock has whole milliseconds: a burst shares one created_at.
    await sql`update chat_messages set created_at = '2027-01-15T08:00:00.123Z' where date_sent = ${second}`.execute(
      db,
    );
    const listed = await sql<{ body: string }>`select m.body from chat_messages m
      where m.dialog_id = ${dialog.id} and m.date_sent = ${second} order by ${messageOrder({})}`.execute(db);
    expect(listed.rows.map((r) => r.body)).toEqual(burst.map((m) => m.body));
    await applyMarker(db, burst[2]!.id, B, 'displayed');
    const read = await db
      .selectFrom('chat_messages')
      .select('body')
      .where('date_sent', '=', second)
      .where(sql<boolean>`${B} = any(read_ids)`)
      .orderBy('body')
      .execute();
    expect(read.map((r) => r.body)).toEqual(['Burst 1', 'Burst 2', 'Burst 3']);
    await refreshLastMessage(db, dialog.id);
    expect(await findDialog(db, dialog.id)).toMatchObject({ last_message: 'Burst 6' });
  });

  it('keeps a marker that arrives first until its message is stored', async () => {
    const dialog = await ensurePrivateDialog(db, A, B);
    const early = message(dialog.id, A, 'Marked in advance', 1_800_000_040);
    expect(await applyMarker(db, early.id, B, 'displayed')).toBe(false);
    await history.record(early, dialog);
    const row = await db
      .selectFrom('chat_messages')
      .select('read_ids')
      .where('id', '=', early.id)
      .executeTakeFirstOrThrow();
    expect(row.read_ids).toEqual([A, B]);
    expect(await db.selectFrom('chat_pending_markers').selectAll().execute()).toEqual([]);
  });

  it('stores several messages at once: in order, each id once, the newest last, waiting markers applied', async () => {
    const dialog = await ensurePrivateDialog(db, A, B);
    const known = message(dialog.id, A, 'Known already', 1_800_000_200);
    await history.record(known, dialog);
    const before = events.length;
    const first = message(dialog.id, A, 'First of three', 1_800_000_210);
    const newest = message(dialog.id, B, 'Newest', 1_800_000_230);
    const late = message(dialog.id, A, 'Older, later', 1_800_000_220);
    expect(await applyMarker(db, first.id, B, 'displayed')).toBe(false);
    const stored = await history.recordAll(
      [first, { ...known, body: 'Changed' }, newest, { ...first, body: 'Again' }, late].map((m) => ({
        message: m,
        dialog,
      })),
    );
    expect([...stored].sort()).toEqual([first.id, newest.id, late.id].sort());
    expect(events.slice(before).map((e) => e.messageId)).toEqual([first.id, newest.id, late.id]);
    const rows = await db
      .selectFrom('chat_messages')
      .select(['id', 'body', 'read_ids'])
      .where('id', 'in', [known.id, first.id, newest.id, late.id])
      .orderBy('arrival')
      .execute();
    expect(rows.map((r) => r.body)).toEqual(['Known already', 'First of three', 'Newest', 'Older, later']);
    expect(rows.find((r) => r.id === first.id)!.read_ids).toEqual([A, B]);
    expect(await findDialog(db, dialog.id)).toMatchObject({
      last_message: 'Newest',
      last_message_user_id: B,
    });
    expect(await db.selectFrom('chat_pending_markers').selectAll().execute()).toEqual([]);
  });

  it('ignores markers from users outside the dialog', async () => {
    const dialog = await ensurePrivateDialog(db, A, B);
    const m = message(dialog.id, A, 'Private', 1_800_000_050);
    await history.record(m, dialog);
    await db
      .insertInto('chat_users')
      .values({ id: 500003, kind: 'member', login: 'u500003', password_hash: 'x' })
      .execute();
    await applyMarker(db, m.id, 500003, 'displayed');
    const row = await db
      .selectFrom('chat_messages')
      .select('read_ids')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.read_ids).toEqual([A]);
  });
});
