/** Spec §1 red dots: unread counts from the server baseline, live messages and read markers. */
import { describe, expect, it } from 'vitest';
import {
  coveredByServer,
  totalUnread,
  unreadAfterIncoming,
  unreadAfterRead,
  unreadDialogCount,
  unreadFromAccount,
  unreadFromServer,
} from '../../../../src/app/features/chat/unread';

describe('unread counting', () => {
  it('adds a new message from someone else once', () => {
    const fresh = { fromMe: false, alreadyKnown: false, alreadyRead: false, serverCounted: false };
    expect(unreadAfterIncoming(2, fresh)).toBe(3);
    expect(unreadAfterIncoming(2, { ...fresh, alreadyKnown: true })).toBe(2);
    expect(unreadAfterIncoming(2, { ...fresh, fromMe: true })).toBe(2);
    expect(unreadAfterIncoming(2, { ...fresh, alreadyRead: true })).toBe(2);
    expect(unreadAfterIncoming(2, { ...fresh, serverCounted: true })).toBe(2);
  });

  it('takes read messages off, never below zero', () => {
    expect(unreadAfterRead(3, 2)).toBe(1);
    expect(unreadAfterRead(1, 5)).toBe(0);
  });

  it('adds the live messages a dialog list count did not cover to it', () => {
    expect(unreadFromServer(0, 1)).toBe(1);
    expect(unreadFromServer(3, 1)).toBe(4);
    expect(unreadFromServer(3, 0)).toBe(3);
  });

  it('never lets an account count that lags behind hide messages that arrived here', () => {
    expect(unreadFromAccount(0, 1)).toBe(1);
    expect(unreadFromAccount(3, 1)).toBe(3);
  });

  it('tells a message the server already counted by its id or an earlier second', () => {
    const mark = { lastMessageId: 'b', lastDateSent: 1_001 };
    expect(coveredByServer(mark, { id: 'b', serverDate: null })).toBe(true);
    expect(coveredByServer(mark, { id: 'a', serverDate: 1_000 })).toBe(true);
    expect(coveredByServer(mark, { id: 'c', serverDate: 1_001 })).toBe(false);
    expect(coveredByServer(mark, { id: 'c', serverDate: null })).toBe(false);
    expect(coveredByServer(undefined, { id: 'b', serverDate: 1_000 })).toBe(false);
  });

  it('totals the dialogs and counts those with unread messages', () => {
    const dialogs = [{ unread: 2 }, { unread: 0 }, { unread: 1 }, { unread: -1 }];
    expect(totalUnread(dialogs)).toBe(3);
    expect(unreadDialogCount(dialogs)).toBe(2);
  });
});
