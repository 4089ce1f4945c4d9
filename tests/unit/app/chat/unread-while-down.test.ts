/**
 * Red dots while the chat is down: the unread dialog list is asked when the connection drops and
 * every 30 s until it is back; a late answer does not overwrite live counts; the list clears
 * dialogs read elsewhere.
 */
import { describe, expect, it } from 'vitest';
import { createChatStore, unreadTotal } from '../../../../src/app/features/chat/chat-store';
import {
  createUnreadWatch,
  UNREAD_POLL_MS,
  type UnreadItem,
} from '../../../../src/app/features/chat/unread-while-down';

function fakeTimers() {
  const timers = new Map<number, { run: () => void; ms: number }>();
  let next = 1;
  return {
    setInterval: (run: () => void, ms: number) => {
      timers.set(next, { run, ms });
      return next++;
    },
    clearInterval: (handle: unknown) => timers.delete(handle as number),
    tick: () => {
      for (const t of timers.values()) t.run();
    },
    timers,
  };
}

function deferredFetches() {
  const pending: Array<(items: UnreadItem[]) => void> = [];
  return {
    fetch: () =>
      new Promise<{ items: UnreadItem[] }>((resolve) => pending.push((items) => resolve({ items }))),
    answer: async (items: UnreadItem[]) => {
      pending.shift()!(items);
      await Promise.resolve();
      await Promise.resolve();
    },
    get asked() {
      return pending.length;
    },
  };
}

describe('unread dialogs while the chat is down', () => {
  it('asks at once when the connection drops, then every 30 s, and stops when it is back', async () => {
    const timers = fakeTimers();
    const server = deferredFetches();
    const applied: UnreadItem[][] = [];
    const watch = createUnreadWatch({ fetch: server.fetch, apply: (i) => applied.push(i), ...timers });
    expect(server.asked).toBe(0);
    watch.down();
    watch.down();
    expect(server.asked).toBe(1);
    expect([...timers.timers.values()].map((t) => t.ms)).toEqual([UNREAD_POLL_MS]);
    await server.answer([{ dialogId: 'd1', unreadMessagesCount: 2 }]);
    expect(applied).toEqual([[{ dialogId: 'd1', unreadMessagesCount: 2 }]]);
    timers.tick();
    expect(server.asked).toBe(1);
    watch.up();
    expect(watch.polling).toBe(false);
    expect(timers.timers.size).toBe(0);
    // The answer to a question asked while down, arriving after the connection is back, is old.
    await server.answer([{ dialogId: 'd1', unreadMessagesCount: 9 }]);
    expect(applied).toHaveLength(1);
  });
});

describe('the unread dialog list in the store', () => {
  it('takes the listed counts and clears dialogs read elsewhere', () => {
    const store = createChatStore(() => undefined);
    store.seedUnread([
      { dialogId: 'a', unreadMessagesCount: 2 },
      { dialogId: 'b', unreadMessagesCount: 1 },
    ]);
    expect(unreadTotal(store.state)).toBe(3);
    store.applyUnreadList([{ dialogId: 'a', unreadMessagesCount: 4 }]);
    expect(store.state.dialogs.a!.unread).toBe(4);
    expect(store.state.dialogs.b!.unread).toBe(0);
    expect(unreadTotal(store.state)).toBe(4);
  });
});
