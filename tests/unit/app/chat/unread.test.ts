/** Spec §1 red dots: unread counts from the server baseline, live messages and read markers. */
import { describe, expect, it } from 'vitest';
import {
  totalUnread,
  unreadAfterIncoming,
  unreadAfterRead,
  unreadDialogCount,
  unreadFromServer,
} from '../../../../src/app/features/chat/unread';

describe('unread counting', () => {
  it('adds a new message from someone else once', () => {
    expect(unreadAfterIncoming(2, { fromMe: false, alreadyKnown: false, alreadyRead: false })).toBe(3);
    expect(unreadAfterIncoming(2, { fromMe: false, alreadyKnown: true, alreadyRead: false })).toBe(2);
    expect(unreadAfterIncoming(2, { fromMe: true, alreadyKnown: false, alreadyRead: false })).toBe(2);
    expect(unreadAfterIncoming(2, { fromMe: false, alreadyKnown: false, alreadyRead: true })).toBe(2);
  });

  it('takes read messages off, never below zero', () => {
    expect(unreadAfterRead(3, 2)).toBe(1);
    expect(unreadAfterRead(1, 5)).toBe(0);
  });

  it('never lets a server count that lags behind hide messages that arrived here', () => {
    expect(unreadFromServer(0, 1)).toBe(1);
    expect(unreadFromServer(3, 1)).toBe(3);
  });

  it('totals the dialogs and counts those with unread messages', () => {
    const dialogs = [{ unread: 2 }, { unread: 0 }, { unread: 1 }, { unread: -1 }];
    expect(totalUnread(dialogs)).toBe(3);
    expect(unreadDialogCount(dialogs)).toBe(2);
  });
});
