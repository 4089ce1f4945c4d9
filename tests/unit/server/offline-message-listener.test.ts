/**
 * Who hears of a stored chat message while offline (spec §4 Notifications): only providers. A
 * member is read once and then remembered, since a chat user's kind never changes
 * (docs/performance.md "Server").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerContext } from '../../../src/server/context';
import type { Database } from '../../../src/server/db/database';
import type { DomainEvents } from '../../../src/server/events/event-bus';
import { onChatMessageStored } from '../../../src/server/notifications/offline-message-listener';
import { insertMember, openTestDatabase, type TestDatabase } from './db-fixture';

let database: TestDatabase | undefined;
let reads = 0;
let ctx: ServerContext;

beforeAll(async () => {
  database = await openTestDatabase('offline-listener');
  const db = database.db;
  // Counts the reads the listener starts; everything else goes to the real database.
  const counted = new Proxy(db, {
    get(target, key, receiver) {
      if (key === 'selectFrom') reads += 1;
      const value = Reflect.get(target, key, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  }) as Database;
  ctx = { db: counted } as unknown as ServerContext;
});

afterAll(async () => {
  await database?.close();
});

const stored = (recipientChatIds: number[]): DomainEvents['chat.message.stored'] => ({
  chatDialogId: 'a'.repeat(24),
  messageId: 'b'.repeat(24),
  senderChatId: 1,
  recipientChatIds,
  textPreview: 'Hello',
  attachmentCount: 0,
  dialogType: 3,
  dateSent: 1_700_000_000,
});

describe('the offline-message listener', () => {
  it('notifies no member, and reads a member once', async () => {
    const memberId = await insertMember(database!.db, 'Bianca');
    const { chat_id: chatId } = await database!.db
      .selectFrom('members')
      .select('chat_id')
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    reads = 0;
    expect(await onChatMessageStored(ctx, stored([chatId]))).toBe(0);
    expect(reads).toBe(1);
    expect(await onChatMessageStored(ctx, stored([chatId]))).toBe(0);
    expect(reads).toBe(1);
  });

  it('reads nothing for a message nobody else receives', async () => {
    reads = 0;
    expect(await onChatMessageStored(ctx, stored([]))).toBe(0);
    expect(reads).toBe(0);
  });
});
