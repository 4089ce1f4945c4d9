/**
 * History of one conversation (docs/wire/hosted-chat.md §5.2; spec §9 page size 10; spec §8 'Failed to
 * get chat history!'): newest page first, then pages anchored before what we hold, never marking
 * read by listing; after a reconnect, catch-up pages from the newest known second, merged by id.
 * The chat service is a small in-memory double.
 */
import i18next from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatRuntime } from '../../../../src/app/connections';
import { createChatStore, type ChatStore } from '../../../../src/app/features/chat/chat-store';
import { catchUp, loadHistory } from '../../../../src/app/features/chat/history';
import { createToastStore, type ToastStore } from '../../../../src/app/components/toast-store';
import type { Message } from '../../../../src/rest';

const message = (n: number): Message => ({
  _id: `m${String(n).padStart(3, '0')}`,
  chat_dialog_id: 'd',
  message: `text ${n}`,
  date_sent: 1000 + n,
  sender_id: 2,
  recipient_id: 1,
  read_ids: [2],
  delivered_ids: [2],
  attachments: [],
  created_at: '',
  updated_at: '',
  read: 0,
});

/** 25 messages, answered like the server: filters, order, skip and limit. */
function service(all: Message[], fail = false) {
  const queries: Array<Record<string, unknown>> = [];
  const list = async (query: Record<string, unknown>) => {
    queries.push(query);
    if (fail) throw new Error('502');
    let items = [...all];
    if (query['date_sent[lte]'] !== undefined)
      items = items.filter((m) => m.date_sent <= Number(query['date_sent[lte]']));
    if (query['date_sent[gte]'] !== undefined)
      items = items.filter((m) => m.date_sent >= Number(query['date_sent[gte]']));
    items.sort((a, b) => (query.sort_desc ? b.date_sent - a.date_sent : a.date_sent - b.date_sent));
    const skip = Number(query.skip ?? 0);
    return { skip, limit: Number(query.limit), items: items.slice(skip, skip + Number(query.limit)) };
  };
  return { runtime: { service: { messages: { list } } } as unknown as ChatRuntime, queries };
}

let store: ChatStore;
let toasts: ToastStore;
const ids = () => store.state.conversations.d!.entries.map((e) => Number(e.id.slice(1)));

beforeEach(() => {
  toasts = createToastStore();
  store = createChatStore((text) => toasts.show(text));
});

describe('loadHistory', () => {
  it('loads the newest page, then older pages until the first message, never marking read', async () => {
    const all = Array.from({ length: 25 }, (_, i) => message(i + 1));
    const { runtime, queries } = service(all);
    await loadHistory(store, runtime, 'd');
    expect(ids()).toEqual([16, 17, 18, 19, 20, 21, 22, 23, 24, 25]);
    expect(store.state.conversations.d).toMatchObject({ loaded: true, hasOlder: true, failed: false });
    await loadHistory(store, runtime, 'd');
    await loadHistory(store, runtime, 'd');
    expect(ids()).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(store.state.conversations.d!.hasOlder).toBe(false);
    expect(queries.every((q) => q.mark_as_read === 0)).toBe(true);
    expect(queries[1]).toMatchObject({ 'date_sent[lte]': 1016, skip: 1, sort_desc: 'date_sent' });
  });

  it("shows 'Failed to get chat history!' and lets the provider try again", async () => {
    const { runtime } = service([], true);
    await loadHistory(store, runtime, 'd');
    expect(store.state.conversations.d).toMatchObject({ loaded: false, loading: false, failed: true });
    expect(toasts.state.items.map((t) => t.text)).toEqual([i18next.t('messages:errors.history')]);
  });
});

describe('catchUp', () => {
  it('fills what was missed after a reconnect from the newest second we know, without duplicates', async () => {
    const all = Array.from({ length: 130 }, (_, i) => message(i + 1));
    // Before the drop we knew messages 1–5; 6–130 were sent meanwhile.
    await loadHistory(store, service(all.slice(0, 5)).runtime, 'd');
    const { runtime, queries } = service(all);
    await catchUp(store, runtime, 'd');
    expect(ids()).toEqual(Array.from({ length: 130 }, (_, i) => i + 1));
    expect(queries.map((q) => [q['date_sent[gte]'], q.skip])).toEqual([
      [1005, 0],
      [1005, 100],
    ]);
  });
});
