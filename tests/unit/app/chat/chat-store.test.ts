/**
 * The chat store's unread counts (spec §1 red dots): the server's baseline, live messages counted
 * once, read when seen or on another device (docs/lessons.md §10), and a lagging server count that
 * cannot hide a message that just arrived.
 */
import { snapshot } from 'valtio';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createChatStore,
  unreadTotal,
  type ChatStore,
  type DialogView,
} from '../../../../src/app/features/chat/chat-store';
import { entry } from './entry-fixture';

const ME = 1;
const dialog = (unread: number, last: { id: string; at: number } | null = null): DialogView => ({
  id: 'd1',
  type: 3,
  name: 'Ava',
  avatar: null,
  clientChatId: 7,
  occupantIds: [ME, 7],
  lastMessage: last?.id ?? null,
  lastMessageId: last?.id ?? null,
  lastMessageAt: last?.at ?? null,
  lastCall: null,
  unread,
});

let store: ChatStore;
beforeEach(() => {
  store = createChatStore(() => undefined);
  store.setMe(ME);
});

describe('unread counts in the store', () => {
  it('starts from the server and counts each new live message of someone else once', () => {
    store.seedUnread([{ dialogId: 'd1', unreadMessagesCount: 2 }]);
    expect(store.state.unreadKnown).toBe(true);
    const live = entry('a', { senderId: 7, sentAt: 5 });
    store.addEntries('d1', [live], { live: true });
    store.addEntries('d1', [live], { live: true });
    store.addEntries('d1', [entry('mine', { senderId: ME, readBy: [ME], sentAt: 6 })], { live: true });
    expect(unreadTotal(store.state)).toBe(3);
    expect(store.state.dialogs.d1).toMatchObject({ lastMessage: 'mine', lastMessageAt: 6 });
  });

  it('takes off what was read here, once', () => {
    store.seedDialogs([dialog(0)]);
    store.addEntries('d1', [entry('a', { senderId: 7 }), entry('b', { senderId: 7 })], { live: true });
    expect(store.markReadByMe('d1', ['a']).map((e) => e.id)).toEqual(['a']);
    expect(store.markReadByMe('d1', ['a'])).toEqual([]);
    expect(store.state.dialogs.d1!.unread).toBe(1);
  });

  it('keeps the conversation as it is when nothing was newly read, so a long one does not render again', () => {
    store.seedDialogs([dialog(0)]);
    store.addEntries('d1', [entry('a', { senderId: 7 }), entry('mine', { senderId: ME })], { live: true });
    store.markReadByMe('d1', ['a']);
    const before = snapshot(store.state).conversations.d1!.entries;
    store.markReadByMe('d1', ['a', 'mine']);
    expect(snapshot(store.state).conversations.d1!.entries).toBe(before);
  });

  it('keeps a live message unread when a refresh comes back before the server stored it', () => {
    store.seedDialogs([dialog(0)]);
    store.addEntries('d1', [entry('a', { senderId: 7 })], { live: true });
    store.seedDialogs([dialog(0)]);
    expect(store.state.dialogs.d1!.unread).toBe(1);
    store.markReadByMe('d1', ['a']);
    store.seedDialogs([dialog(0)]);
    expect(store.state.dialogs.d1!.unread).toBe(0);
  });

  it('keeps a read dialog read when a refresh asked before the read marker reached the server answers after it', () => {
    // Another tab (or this one) listed the dialogs; the member's message came live; she read it.
    store.addEntries('d1', [entry('a', { senderId: 7, serverDate: 1_000 })], { live: true });
    store.markReadByMe('d1', ['a']);
    // The list asked meanwhile was counted before the server had her marker: 'a' unread.
    store.seedDialogs([dialog(1, { id: 'a', at: 1_000_000 })]);
    expect(store.state.dialogs.d1!.unread).toBe(0);
    // A later message of theirs is unread again, counted once.
    store.addEntries('d1', [entry('b', { senderId: 7, serverDate: 1_001 })], { live: true });
    expect(store.state.dialogs.d1!.unread).toBe(1);
    store.seedDialogs([dialog(1, { id: 'b', at: 1_001_000 })]);
    expect(store.state.dialogs.d1!.unread).toBe(1);
  });

  it('keeps a dialog read that another tab read before this one held its messages or listed it', () => {
    // A follower on another page: the holder relays that she read 'a'; this tab has no entry of it.
    store.markReadByMe('d1', ['a']);
    store.seedDialogs([dialog(1, { id: 'a', at: 1_000_000 })]);
    expect(store.state.dialogs.d1!.unread).toBe(0);
  });

  it('counts no live message that another tab read before this tab applied it', () => {
    // A follower on another page: the holder relays her read of 'a' before this tab has applied 'a'.
    store.seedDialogs([dialog(0)]);
    store.markReadByMe('d1', ['a']);
    store.addEntries('d1', [entry('a', { senderId: 7, serverDate: 1_000 })], { live: true });
    expect(store.state.dialogs.d1!.unread).toBe(0);
    store.addEntries('d1', [entry('b', { senderId: 7, serverDate: 1_001 })], { live: true });
    expect(store.state.dialogs.d1!.unread).toBe(1);
  });

  it('takes the server count when she read only messages before its last one', () => {
    store.addEntries(
      'd1',
      [entry('a', { senderId: 7, serverDate: 1_000 }), entry('b', { senderId: 7, serverDate: 1_001 })],
      {
        live: true,
      },
    );
    store.markReadByMe('d1', ['a']);
    store.seedDialogs([dialog(1, { id: 'b', at: 1_001_000 })]);
    expect(store.state.dialogs.d1!.unread).toBe(1);
  });

  it('does not count a live message again when the refresh that already counted it answered first', () => {
    store.seedDialogs([dialog(0)]);
    // The server stored the member's message, and the dialog list fetched meanwhile counts it...
    store.seedDialogs([dialog(1, { id: 'a', at: 1_000_000 })]);
    // ...before the stanza itself is applied here.
    store.addEntries('d1', [entry('a', { senderId: 7, serverDate: 1_000 })], { live: true });
    expect(store.state.dialogs.d1!.unread).toBe(1);
    store.addEntries('d1', [entry('b', { senderId: 7, serverDate: 1_001 })], { live: true });
    expect(store.state.dialogs.d1!.unread).toBe(2);
  });

  it('does not count a late live message older than the last message the server counted', () => {
    store.seedDialogs([dialog(2, { id: 'b', at: 1_001_000 })]);
    store.addEntries('d1', [entry('a', { senderId: 7, serverDate: 1_000 })], { live: true });
    expect(store.state.dialogs.d1!.unread).toBe(2);
  });

  it('adds the live messages a refresh did not cover to older unread ones it counted', () => {
    store.seedDialogs([dialog(3, { id: 'old', at: 900_000 })]);
    store.addEntries('d1', [entry('a', { senderId: 7, serverDate: 1_000 })], { live: true });
    expect(store.state.dialogs.d1!.unread).toBe(4);
    // Answered before the server stored "a": three older unread ones, "a" still on top.
    store.seedDialogs([dialog(3, { id: 'old', at: 900_000 })]);
    expect(store.state.dialogs.d1!.unread).toBe(4);
    // Answered after: "a" is in the server's four, not counted on top.
    store.seedDialogs([dialog(4, { id: 'a', at: 1_000_000 })]);
    expect(store.state.dialogs.d1!.unread).toBe(4);
    // Reading "a", the newest, reads the three before it too (XEP-0333 §4), as the server counts.
    store.markReadByMe('d1', ['a']);
    expect(store.state.dialogs.d1!.unread).toBe(0);
  });

  it('takes off the older messages another tab read from its history, beside the live one this tab holds', () => {
    // A follower: three older unread messages counted by the server, one more arrived live here.
    store.seedDialogs([dialog(3, { id: 'old3', at: 900_000 })]);
    store.addEntries('d1', [entry('a', { senderId: 7, serverDate: 1_000 })], { live: true });
    expect(store.state.dialogs.d1!.unread).toBe(4);
    // The holder opened the conversation and read all four; this tab holds only "a".
    store.markReadByMe('d1', ['old1', 'old2', 'old3', 'a']);
    expect(store.state.dialogs.d1!.unread).toBe(0);
    // Told again (a tab joining the shared connection hears the reads it missed): nothing changes.
    store.addEntries('d1', [entry('b', { senderId: 7, serverDate: 1_001 })], { live: true });
    store.markReadByMe('d1', ['old1', 'old2', 'old3', 'a']);
    expect(store.state.dialogs.d1!.unread).toBe(1);
  });

  it('leaves nothing unread when the newest message is read, however the count was made up', () => {
    // A tab that never listed the dialog: the account counted two older messages, one arrived live.
    store.seedUnread([{ dialogId: 'd1', unreadMessagesCount: 2 }]);
    store.addEntries('d1', [entry('c', { senderId: 7, serverDate: 1_000 })], { live: true });
    expect(store.state.dialogs.d1!.unread).toBe(3);
    // Another device marked only the newest displayed: it reads the two before it too (XEP-0333 §4).
    store.markReadByMe('d1', ['c']);
    expect(store.state.dialogs.d1!.unread).toBe(0);
    // A message after it counts again.
    store.addEntries('d1', [entry('d', { senderId: 7, sentAt: 1_000_001, serverDate: 1_001 })], {
      live: true,
    });
    expect(store.state.dialogs.d1!.unread).toBe(1);
    // A read of an older one takes off what it read, and no more.
    store.addEntries('d1', [entry('e', { senderId: 7, sentAt: 1_000_002, serverDate: 1_002 })], {
      live: true,
    });
    store.markReadByMe('d1', ['d']);
    expect(store.state.dialogs.d1!.unread).toBe(1);
    store.markReadByMe('d1', ['e']);
    expect(store.state.dialogs.d1!.unread).toBe(0);
    // Told again after the server counted messages this tab did not hear of (it was away): no change.
    store.seedUnread([{ dialogId: 'd1', unreadMessagesCount: 3 }]);
    store.markReadByMe('d1', ['e']);
    expect(store.state.dialogs.d1!.unread).toBe(3);
  });

  it('counts a message read on another device even when its conversation is not open', () => {
    store.seedUnread([{ dialogId: 'd2', unreadMessagesCount: 2 }]);
    store.markReadByMe('d2', ['x']);
    expect(store.state.dialogs.d2!.unread).toBe(1);
    // Told again (a tab joining the shared connection hears the reads it missed): counted once.
    store.markReadByMe('d2', ['x']);
    expect(store.state.dialogs.d2!.unread).toBe(1);
  });

  it('a tab that heard of a read before it listed the dialogs is not misled by a count that lags the read', () => {
    // Another tab read "a"; this tab joins, hears of it, then lists dialogs the server counted
    // before its history had the read marker.
    store.markReadByMe('d1', ['a']);
    store.seedDialogs([dialog(1, { id: 'a', at: 1_000_000 })]);
    expect(store.state.dialogs.d1!.unread).toBe(0);
    // A message after it is counted, by the server or live.
    store.seedDialogs([dialog(2, { id: 'b', at: 1_001_000 })]);
    expect(store.state.dialogs.d1!.unread).toBe(2);
  });
});
