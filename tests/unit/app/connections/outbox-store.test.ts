/**
 * The kept outbox (src/app/connections/chat/outbox-store.ts; docs/architecture.md §3 "Outbox") on
 * fake-indexeddb: records survive a new store on the same database (a reload), stay in the order
 * they were given, belong to one chat user, and go once removed; clearing (a confirmed sign-out)
 * deletes one chat user's records only.
 */
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import {
  claimOutbox,
  indexedDbOutboxStore,
  memoryOutboxStore,
  outgoingKey,
  restoreOutbox,
  unsentMessageCount,
  type StoredOutgoing,
  type TabRegistry,
} from '../../../../src/app/connections/chat/outbox-store';

const dialog = { id: '5f0000000000000000000001', type: 3 as const, memberId: 200001 };
const message = (id: string, at: number, owner = 100001, tab = 'tab-a'): StoredOutgoing => ({
  key: id,
  owner,
  at,
  tab,
  item: { kind: 'message', dialog, message: { id, body: `text ${id}` } },
});

describe('kept outbox', () => {
  it('survives a reload, in order, per owner, until removed', async () => {
    const factory = new IDBFactory();
    const page = indexedDbOutboxStore(factory);
    await page.put(message('b', 2000));
    await page.put(message('a', 1000));
    await page.put(message('x', 1500, 100002));
    const reloaded = indexedDbOutboxStore(factory);
    expect((await reloaded.load(100001)).map((r) => r.key)).toEqual(['a', 'b']);
    expect((await reloaded.load(100002)).map((r) => r.key)).toEqual(['x']);
    await reloaded.remove('a');
    expect((await indexedDbOutboxStore(factory).load(100001)).map((r) => r.item)).toEqual([
      message('b', 2000).item,
    ]);
  });

  it('keeps one record per message id, so a message kept twice is sent once', async () => {
    const store = indexedDbOutboxStore(new IDBFactory());
    await store.put(message('same', 1));
    await store.put(message('same', 2));
    expect(await store.load(100001)).toHaveLength(1);
  });

  it.each([
    ['IndexedDB', () => indexedDbOutboxStore(new IDBFactory())],
    ['memory', () => memoryOutboxStore()],
  ])('%s: counts unsent messages and clears one chat user only', async (_, open) => {
    const store = open();
    await store.put(message('a', 1));
    await store.put(message('b', 2));
    await store.put({
      ...message('read:m9', 3),
      item: { kind: 'read', messageId: 'm9', userId: 1, dialogId: 'd' },
    });
    await store.put(message('x', 4, 100002));
    expect(await unsentMessageCount(store, 100001)).toBe(2);
    await store.clear(100001);
    expect(await store.load(100001)).toEqual([]);
    expect(await unsentMessageCount(store, 100001)).toBe(0);
    expect((await store.load(100002)).map((r) => r.key)).toEqual(['x']);
  });

  it('clearing survives a reload: the records are gone from the database', async () => {
    const factory = new IDBFactory();
    await indexedDbOutboxStore(factory).put(message('a', 1));
    await indexedDbOutboxStore(factory).clear(100001);
    expect(await indexedDbOutboxStore(factory).load(100001)).toEqual([]);
  });

  it('keys read markers apart from messages', () => {
    expect(outgoingKey({ kind: 'read', messageId: 'm1', userId: 1, dialogId: 'd' })).toBe('read:m1');
    expect(outgoingKey(message('m1', 0).item)).toBe('m1');
  });

  it('an unreadable store restores nothing instead of failing the login', async () => {
    const broken = {
      load: () => Promise.reject(new Error('quota')),
      put: async () => {},
      remove: async () => {},
      clear: async () => {},
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await restoreOutbox(broken, 1)).toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('a page takes over the records of gone tabs, never those of a live one', async () => {
    const store = indexedDbOutboxStore(new IDBFactory());
    await store.put(message('own', 1, 100001, 'me'));
    await store.put(message('live', 2, 100001, 'other-open-tab'));
    await store.put(message('gone', 3, 100001, 'reloaded-tab'));
    let exclusive = 0;
    const tabs: TabRegistry = {
      id: 'me',
      exclusive: async (work) => {
        exclusive += 1;
        return work((tab) => tab === 'other-open-tab' || tab === 'me');
      },
    };
    const claimed = await claimOutbox(store, 100001, tabs);
    expect(claimed.map((r) => [r.key, r.tab])).toEqual([
      ['own', 'me'],
      ['gone', 'me'],
    ]);
    expect(exclusive).toBe(1);
    // Taken over for good: a third page sees them as this live tab's.
    const stored = await store.load(100001);
    expect(stored.map((r) => [r.key, r.tab])).toEqual([
      ['own', 'me'],
      ['live', 'other-open-tab'],
      ['gone', 'me'],
    ]);
  });
});
