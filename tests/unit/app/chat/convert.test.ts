/** From the wire to chat entries: history pages in the server's order, live messages, dialogs. */
import { describe, expect, it } from 'vitest';
import {
  createEntrySequence,
  dialogFromApi,
  entriesFromHistory,
  entryFromLive,
} from '../../../../src/app/features/chat/convert';
import { mergeEntries } from '../../../../src/app/features/chat/entries';
import type { Message } from '../../../../src/rest';
import type { ChatMessage } from '../../../../src/xmpp';

const message = (id: string, date: number, sender = 2): Message => ({
  _id: id,
  chat_dialog_id: 'd',
  message: id,
  date_sent: date,
  sender_id: sender,
  recipient_id: 1,
  read_ids: [sender],
  delivered_ids: [sender],
  attachments: [],
  created_at: '',
  updated_at: '',
  read: 0,
});

describe('entriesFromHistory', () => {
  it('keeps the server’s order within one second, for newest-first and oldest-first pages', () => {
    // The server orders a second by arrival: b came after a, both at second 10.
    const newestFirst = [message('c', 11), message('b', 10), message('a', 10), message('z', 9)];
    const sequence = createEntrySequence();
    expect(mergeEntries([], entriesFromHistory(newestFirst, 'desc', sequence)).map((e) => e.id)).toEqual([
      'z',
      'a',
      'b',
      'c',
    ]);
    const oldestFirst = [...newestFirst].reverse();
    expect(mergeEntries([], entriesFromHistory(oldestFirst, 'asc', sequence)).map((e) => e.id)).toEqual([
      'z',
      'a',
      'b',
      'c',
    ]);
  });

  it('places an older page before everything seen earlier within the same second', () => {
    const sequence = createEntrySequence();
    const newer = entriesFromHistory([message('n', 10)], 'desc', sequence);
    const older = entriesFromHistory([message('o', 10)], 'desc', sequence);
    expect(mergeEntries(newer, older).map((e) => e.id)).toEqual(['o', 'n']);
  });

  it('places live messages after every page, in the order they came', () => {
    const sequence = createEntrySequence();
    const first = {
      ...entriesFromHistory([message('p', 10)], 'desc', sequence)[0]!,
      id: 'l1',
      seq: sequence.live(),
    };
    const page = entriesFromHistory([message('q', 10)], 'desc', sequence);
    const second = { ...first, id: 'l2', seq: sequence.live() };
    expect(mergeEntries([], [second, ...page, first]).map((e) => e.id)).toEqual(['q', 'l1', 'l2']);
  });
});

describe('entryFromLive', () => {
  const live = (fields: Partial<ChatMessage>): ChatMessage => ({
    id: 'm1',
    type: 'chat',
    from: '2-1@localhost/app',
    to: '1-1@localhost',
    userId: 2,
    dialogId: 'd',
    recipientId: null,
    body: 'hi',
    extension: { date_sent: '1700000000', dialog_id: 'd' },
    markable: true,
    delay: null,
    carbon: null,
    ...fields,
  });

  it('keeps the server date for paging and places live messages by this clock', () => {
    const entry = entryFromLive(live({}), 'd', 1, createEntrySequence(), 1_700_000_000_500);
    expect(entry).toMatchObject({
      serverDate: 1_700_000_000,
      sentAt: 1_700_000_000_500,
      senderId: 2,
      readBy: [],
    });
  });

  it('places offline messages by their delay and our carbons as our own', () => {
    const sequence = createEntrySequence();
    const delayed = entryFromLive(
      live({ delay: { stamp: '2023-11-14T22:13:20Z', from: null } }),
      'd',
      1,
      sequence,
    );
    expect(delayed.sentAt).toBe(Date.parse('2023-11-14T22:13:20Z'));
    const carbon = entryFromLive(live({ carbon: 'sent', userId: 1 }), 'd', 1, sequence);
    expect(carbon).toMatchObject({ senderId: 1, readBy: [1] });
  });
});

describe('dialogFromApi', () => {
  it('finds the client of a private dialog and keeps groups without one', () => {
    const base = {
      dialogId: 'd',
      name: 'Ava',
      photo: null,
      xmppRoomJid: null,
      occupantIds: [1, 2],
      client: null,
      lastMessage: 'x',
      lastMessageId: 'm1',
      lastMessageDateSent: 10,
      lastMessageUserId: 2,
      lastMessageCall: null,
      unreadMessagesCount: 3,
      createdAt: '',
    };
    expect(dialogFromApi({ ...base, type: 3 }, 1)).toMatchObject({
      clientChatId: 2,
      lastMessageId: 'm1',
      lastMessageAt: 10_000,
      unread: 3,
    });
    expect(dialogFromApi({ ...base, type: 2 }, 1).clientChatId).toBeNull();
  });
});
