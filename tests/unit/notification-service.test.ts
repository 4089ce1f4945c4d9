/**
 * The notification service on a real embedded database (PGlite, migrated): notifyOfflineMessage
 * for issue 4, and the push decision of the app socket (only committed, never muted).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProvider } from '../../src/server/account/create-provider';
import { openDatabase, type Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { EventBus, type DomainEvents } from '../../src/server/events/event-bus';
import { createNotification } from '../../src/server/notifications/create-notification';
import { notifyOfflineMessage } from '../../src/server/notifications/offline-message';
import { saveSettings } from '../../src/server/notifications/settings';
import { pushNotification } from '../../src/server/socket/notification-push';
import type { SocketRegistry } from '../../src/server/socket/registry';

let dir: string;
let db: Database;
let providerId: number;
const events = new EventBus();
const log = { warn: () => undefined, error: () => undefined } as never;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'notif-unit-'));
  db = await openDatabase({ dataDir: dir, databaseUrl: null });
  await migrate(db);
  ({ id: providerId } = await createProvider(db, 'k'.repeat(32), {
    email: 'unit@clinic.example',
    password: 'Unit-pass-2026',
    firstName: 'Unit',
    lastName: 'Test',
  }));
}, 60_000);

afterAll(async () => {
  await db?.destroy();
  await rm(dir, { recursive: true, force: true });
});

const offline = { isOnline: () => false };
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
    expect(rows).toHaveLength(2);
  });

  it('creates nothing while the provider has an open app socket', async () => {
    const id = await notifyOfflineMessage(
      { db, events },
      { providerId, fromChatId: 400_003, fromName: 'Zoe', preview: 'hi' },
      { isOnline: () => true },
    );
    expect(id).toBeNull();
    expect(await titles()).toHaveLength(2);
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

  it('waits for the creating transaction and pushes nothing for a rolled-back one', async () => {
    captured.length = 0;
    let pushed: Promise<number> | null = null;
    await db.transaction().execute(async (trx) => {
      await createNotification({ db: trx, events }, { providerId, category: 'BOOKING', title: 'Booked' });
      pushed = pushNotification({ db, log }, registry, captured[0]!);
    });
    expect(await pushed).toBe(1);
    const rolledBack = db.transaction().execute(async (trx) => {
      await createNotification({ db: trx, events }, { providerId, category: 'BOOKING', title: 'Never' });
      pushed = pushNotification({ db, log }, registry, captured[1]!);
      throw new Error('rollback');
    });
    await expect(rolledBack).rejects.toThrow('rollback');
    expect(await pushed).toBe(0);
  }, 20_000);

  it('pushes nothing for a muted category', async () => {
    captured.length = 0;
    await saveSettings(db, providerId, { SYSTEM: false });
    await createNotification({ db, events }, { providerId, category: 'SYSTEM', title: 'Muted' });
    expect(await pushNotification({ db, log }, registry, captured[0]!)).toBe(0);
  });
});
