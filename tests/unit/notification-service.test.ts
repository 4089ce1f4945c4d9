/**
 * The notification service on a real embedded database (PGlite, migrated): notifyOfflineMessage
 * for issue 4, the announcement after commit (db/transaction.ts afterCommit), and the push
 * decision of the app socket (never muted).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProvider } from '../../src/server/account/create-provider';
import { ensurePrivateDialog } from '../../src/server/chat-history/dialogs';
import { storeMessages } from '../../src/server/chat-history/messages';
import type { Database } from '../../src/server/db/database';
import { openTestDatabase, testEngines, type TestDatabase } from './server/db-fixture';
import { afterCommit, inTransaction } from '../../src/server/db/transaction';
import { EventBus, type DomainEvents } from '../../src/server/events/event-bus';
import { createNotification } from '../../src/server/notifications/create-notification';
import { notifyOfflineMessage } from '../../src/server/notifications/offline-message';
import { saveSettings } from '../../src/server/notifications/settings';
import { pushNotification } from '../../src/server/notifications/socket-push';
import type { SocketRegistry } from '../../src/server/socket/registry';

let database: TestDatabase | undefined;
let db: Database;
let providerId: number;
const events = new EventBus();
const log = { warn: () => undefined, error: () => undefined } as never;

beforeAll(async () => {
  database = await openTestDatabase('notif-unit');
  ({ db } = database);
  ({ id: providerId } = await createProvider(db, 'k'.repeat(32), {
    email: 'unit@clinic.example',
    password: 'Unit-pass-2026',
    firstName: 'Unit',
    lastName: 'Test',
  }));
});

afterAll(async () => {
  await database?.close();
});

const offline = { isOnline: async () => false };
const titles = async () =>
  (
    await db
      .selectFrom('notifications')
      .select(['title', 'body', 'data'])
      .where('provider_id', '=', providerId)
      .where('category', '=', 'MESSAGE')
      .orderBy('id')
      .execute()
  ).map((r) => [r.title, r.body, r.data.count]);

describe('notifyOfflineMessage', () => {
  it('creates one unread MESSAGE notification per sender, replaced by the newest with a count', async () => {
    const from = { providerId, fromChatId: 400_001, fromName: 'Ines' };
    await notifyOfflineMessage({ db, events }, { ...from, preview: 'Hello' }, offline);
    await notifyOfflineMessage({ db, events }, { ...from, preview: 'Are you there?' }, offline);
    await notifyOfflineMessage(
      { db, events },
      { ...from, fromChatId: 400_002, fromName: 'Olu', preview: 'x'.repeat(300) },
      offline,
    );
    const rows = await titles();
    expect(rows[0]).toEqual(['2 new messages from Ines', 'Are you there?', 2]);
    expect(rows[1]![0]).toBe('New message from Olu');
    expect((rows[1]![1] as string).length).toBe(140);
    expect(rows[1]![1]).toMatch(/x…$/);
    expect(rows).toHaveLength(2);
  });

  it('keeps the text of the message the history puts last, whatever order they are reported in', async () => {
    const mara = 400_004;
    const dialog = await ensurePrivateDialog(db, mara, 400_005);
    const at = 1_796_000_000;
    // Sent in one second, stored in this order; their ids fall the other way (a client's ids need not grow).
    const sent = [
      { id: 'f0000000000000000000000a', body: 'Is it normal to spot on day 12?', dateSent: at },
      { id: 'e0000000000000000000000b', body: 'And my temperature went up today.', dateSent: at },
      { id: 'd0000000000000000000000c', body: 'Are you there?', dateSent: at + 1 },
    ];
    await storeMessages(
      db,
      sent.map((m) => ({
        ...m,
        dialogId: dialog.id,
        senderId: mara,
        recipientId: 400_005,
        attachments: [],
        custom: {},
        markable: true,
      })),
    );
    const from = { providerId, fromChatId: mara, fromName: 'Mara' };
    const report = (i: number) =>
      notifyOfflineMessage(
        { db, events },
        { ...from, preview: sent[i]!.body, messageId: sent[i]!.id },
        offline,
      );
    const maras = async () => (await titles()).filter(([title]) => String(title).includes('Mara'));
    await report(1);
    await report(0);
    expect(await maras()).toEqual([['2 new messages from Mara', 'And my temperature went up today.', 2]]);
    await report(2);
    expect(await maras()).toEqual([['3 new messages from Mara', 'Are you there?', 3]]);
    // The next test counts the notifications of the senders before this one.
    await db.deleteFrom('notifications').where('title', 'like', '%Mara%').execute();
  });

  it('creates nothing while the provider has an open app socket', async () => {
    const id = await notifyOfflineMessage(
      { db, events },
      { providerId, fromChatId: 400_003, fromName: 'Zoe', preview: 'hi' },
      { isOnline: async () => true },
    );
    expect(id).toBeNull();
    expect(await titles()).toHaveLength(2);
  });
});

describe.each(testEngines('notif-race'))('notifyOfflineMessage on %s', (_engine, open) => {
  it('makes one notification of one sender’s messages reported at the same time', async () => {
    const engine = await open();
    try {
      const { id } = await createProvider(engine.db, 'k'.repeat(32), {
        email: 'race@clinic.example',
        password: 'Unit-pass-2026',
        firstName: 'Race',
        lastName: 'Test',
      });
      const from = { providerId: id, fromChatId: 400_010, fromName: 'Ines' };
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          notifyOfflineMessage({ db: engine.db, events }, { ...from, preview: `message ${i}` }, offline),
        ),
      );
      const rows = await engine.db
        .selectFrom('notifications')
        .select(['title', 'data'])
        .where('provider_id', '=', id)
        .where('category', '=', 'MESSAGE')
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.data.count).toBe(10);
    } finally {
      await engine.close();
    }
  });
});

describe('pushNotification', () => {
  const delivered: unknown[] = [];
  const registry = {
    isOnline: () => true,
    forProvider: () => [{ deliver: (_d: string, m: unknown) => (delivered.push(m), true) }],
  } as unknown as SocketRegistry;
  const captured: Array<DomainEvents['notification.created']> = [];
  events.on('notification.created', (e) => void captured.push(e));

  it('pushes a committed notification as server type 3 / push type 2 with the unread count', async () => {
    captured.length = 0;
    await createNotification({ db, events }, { providerId, category: 'REVIEW', title: 'Approved' });
    expect(await pushNotification({ db, log }, registry, captured[0]!)).toBe(1);
    expect(delivered.at(-1)).toMatchObject({
      type: 3,
      push: { type: 2, redDot: { key: 'NOTIFICATION', count: 3, category: 'REVIEW', title: 'Approved' } },
    });
  });

  it('is announced only after the commit, even when the transaction takes longer than 2 s', async () => {
    captured.length = 0;
    const id = await inTransaction(db, async (trx) => {
      const created = await createNotification(
        { db: trx, events },
        { providerId, category: 'BOOKING', title: 'Booked' },
      );
      await new Promise((r) => setTimeout(r, 2200));
      expect(captured).toHaveLength(0);
      return created;
    });
    expect(captured.map((e) => e.id)).toEqual([id]);
    expect(await pushNotification({ db, log }, registry, captured[0]!)).toBe(1);
    expect(delivered.at(-1)).toMatchObject({ push: { redDot: { notificationId: id, title: 'Booked' } } });
  });

  it('a nested transaction announces at the outer commit; a rollback announces nothing', async () => {
    captured.length = 0;
    await inTransaction(db, async (outer) => {
      await inTransaction(outer, (inner) =>
        createNotification({ db: inner, events }, { providerId, category: 'BOOKING', title: 'Nested' }),
      );
      expect(captured).toHaveLength(0);
    });
    expect(captured.map((e) => e.title)).toEqual(['Nested']);
    const rolledBack = inTransaction(db, async (trx) => {
      await createNotification({ db: trx, events }, { providerId, category: 'BOOKING', title: 'Never' });
      throw new Error('rollback');
    });
    await expect(rolledBack).rejects.toThrow('rollback');
    await new Promise((r) => setTimeout(r, 50));
    expect(captured.map((e) => e.title)).toEqual(['Nested']);
  });

  it('refuses after-commit work in a transaction whose commit it cannot see', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        afterCommit(trx, () => undefined);
      }),
    ).rejects.toThrow(/inTransaction/);
    let ran = false;
    afterCommit(db, () => (ran = true));
    expect(ran).toBe(true);
  });

  it('pushes nothing for a muted category', async () => {
    captured.length = 0;
    await saveSettings(db, providerId, { SYSTEM: false });
    await createNotification({ db, events }, { providerId, category: 'SYSTEM', title: 'Muted' });
    expect(await pushNotification({ db, log }, registry, captured[0]!)).toBe(0);
  });
});
