/**
 * The chat store's unread counts (spec §1 red dots): the server's baseline, live messages counted
 * once, read when seen or on another device (docs/lessons.md §10), and a lagging server count that
 * cannot hide a message that just arrived.
 */
import { snapshot } from 'valtio';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addEntries,
  chatStore,
  markReadByMe,
  resetChat,
  seedDialogs,
  seedUnread,
  setMe,
  unreadTotal,
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
  unread,
});

beforeEach(() => {
  resetChat();
  setMe(ME);
});

describe('unread counts in the store', () => {
  it('starts from the server and counts each new live message of someone else once', () => {
    seedUnread([{ dialogId: 'd1', unreadMessagesCount: 2 }]);
    expect(chatStore.unreadKnown).toBe(true);
    const live = entry('a', { senderId: 7, sentAt: 5 });
    addEntries('d1', [live], { live: true });
    addEntries('d1', [live], { live: true });
    addEntries('d1', [entry('mine', { senderId: ME, readBy: [ME], sentAt: 6 })], { live: true });
    expect(unreadTotal()).toBe(3);
    expect(chatStore.dialogs.d1).toMatchObject({ lastMessage: 'mine', lastMessageAt: 6 });
  });

  it('takes off what was read here, once', () => {
    seedDialogs([dialog(0)]);
    addEntries('d1', [entry('a', { senderId: 7 }), entry('b', { senderId: 7 })], { live: true });
    expect(markReadByMe('d1', ['a']).map((e) => e.id)).toEqual(['a']);
    expect(markReadByMe('d1', ['a'])).toEqual([]);
    expect(chatStore.dialogs.d1!.unread).toBe(1);
  });

  it('keeps the conversation as it is when nothing was newly read, so a long one does not render again', () => {
    seedDialogs([dialog(0)]);
    addEntries('d1', [entry('a', { senderId: 7 }), entry('mine', { senderId: ME })], { live: true });
    markReadByMe('d1', ['a']);
    const before = snapshot(chatStore).conversations.d1!.entries;
    markReadByMe('d1', ['a', 'mine']);
    expect(snapshot(chatStore).conversations.d1!.entries).toBe(before);
  });

  it('keeps a live message unread when a refresh comes back before the server stored it', () => {
    seedDialogs([dialog(0)]);
    addEntries('d1', [entry('a', { senderId: 7 })], { live: true });
    seedDialogs([dialog(0)]);
    expect(chatStore.dialogs.d1!.unread).toBe(1);
    markReadByMe('d1', ['a']);
    seedDialogs([dialog(0)]);
    expect(chatStore.dialogs.d1!.unread).toBe(0);
  });

  it('keeps a read dialog read when a refresh asked before the read marker reached the server answers after it', () => {
    // Another tab (or this one) listed the dialogs; the member's message came live; she read it.
    addEntries('d1', [entry('a', { senderId: 7, serverDate: 1_000 })], { live: true });
    markReadByMe('d1', ['a']);
    // The list asked meanwhile was counted before the server had her marker: 'a' unread.
    seedDialogs([dialog(1, { id: 'a', at: 1_000_000 })]);
    expect(chatStore.dialogs.d1!.unread).toBe(0);
    // A later message of theirs is unread again, counted once.
    addEntries('d1', [entry('b', { senderId: 7, serverDate: 1_001 })], { live: true });
    expect(chatStore.dialogs.d1!.unread).toBe(1);
    seedDialogs([dialog(1, { id: 'b', at: 1_001_000 })]);
    expect(chatStore.dialogs.d1!.unread).toBe(1);
  });

  it('keeps a dialog read that another tab read before this one held its messages or listed it', () => {
    // A follower on another page: the holder relays that she read 'a'; this tab has no entry of it.
    markReadByMe('d1', ['a']);
    seedDialogs([dialog(1, { id: 'a', at: 1_000_000 })]);
    expect(chatStore.dialogs.d1!.unread).toBe(0);
  });

  it('takes the server count when she read only messages before its last one', () => {
    addEntries(
      'd1',
      [entry('a', { senderId: 7, serverDate: 1_000 }), entry('b', { senderId: 7, serverDate: 1_001 })],
      {
        live: true,
      },
    );
    markReadByMe('d1', ['a']);
    seedDialogs([dialog(1, { id: 'b', at: 1_001_000 })]);
    expect(chatStore.dialogs.d1!.unread).toBe(1);
  });

  it('does not count a live message again when the refresh that already counted it answered first', () => {
    seedDialogs([dialog(0)]);
    // The server stored the member's message, and the dialog list fetched meanwhile counts it...
    seedDialogs([dialog(1, { id: 'a', at: 1_000_000 })]);
    // ...before the stanza itself is applied here.
    addEntries('d1', [entry('a', { senderId: 7, serverDate: 1_000 })], { live: true });
    expect(chatStore.dialogs.d1!.unread).toBe(1);
    addEntries('d1', [entry('b', { senderId: 7, serverDate: 1_001 })], { live: true });
    expect(chatStore.dialogs.d1!.unread).toBe(2);
  });

  it('does not count a late live message older than the last message the server counted', () => {
    seedDialogs([dialog(2, { id: 'b', at: 1_001_000 })]);
    addEntries('d1', [entry('a', { senderId: 7, serverDate: 1_000 })], { live: true });
    expect(chatStore.dialogs.d1!.unread).toBe(2);
  });

  it('adds the live messages a refresh did not cover to older unread ones it counted', () => {
    seedDialogs([dialog(3, { id: 'old', at: 900_000 })]);
    addEntries('d1', [entry('a', { senderId: 7, serverDate: 1_000 })], { live: true });
    expect(chatStore.dialogs.d1!.unread).toBe(4);
    // Answered before the server stored "a": three older unread ones, "a" still on top.
    seedDialogs([dialog(3, { id: 'old', at: 900_000 })]);
    expect(chatStore.dialogs.d1!.unread).toBe(4);
    // Answered after: "a" is in the server's four, not counted on top.
    seedDialogs([dialog(4, { id: 'a', at: 1_000_000 })]);
    expect(chatStore.dialogs.d1!.unread).toBe(4);
    markReadByMe('d1', ['a']);
    expect(chatStore.dialogs.d1!.unread).toBe(3);
  });

  it('counts a message read on another device even when its conversation is not open', () => {
    seedUnread([{ dialogId: 'd2', unreadMessagesCount: 2 }]);
    markReadByMe('d2', ['x']);
    expect(chatStore.dialogs.d2!.unread).toBe(1);
  });
});
