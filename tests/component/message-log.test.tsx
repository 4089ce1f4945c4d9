/**
 * The message log (spec §4 Messaging, features/chat/message-log.tsx) against a test portal
 * runtime: the conversation's messages in order with their ticks, a member's message seen in the
 * log is marked read through the running chat's outbox (a read marker, spec §3 "wait for send"),
 * also when its row turns unread while already on screen, and nothing is marked read while there
 * is no running chat.
 */
import type { ComponentProps } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageLog } from '../../src/app/features/chat/message-log';
import { entry } from '../unit/app/chat/entry-fixture';
import { createTestRuntime, renderWithRuntime } from './test-runtime';

const ME = 100010;
const MEMBER = 200005;
const DIALOG = '5f0c1a2b3c4d5e6f7a8b9c0d';
const MINE = '6a1f00000000000000000001';
const THEIRS = '6a1f00000000000000000002';

/** A test runtime whose chat store holds the conversation with Emma: ours read, hers unread. */
function withConversation() {
  const runtime = createTestRuntime();
  const { chatStore } = runtime;
  chatStore.setMe(ME);
  chatStore.seedDialogs([
    {
      id: DIALOG,
      type: 3,
      name: 'Emma Laurent',
      avatar: null,
      clientChatId: MEMBER,
      occupantIds: [ME, MEMBER],
      lastMessage: null,
      lastMessageId: null,
      lastMessageAt: null,
      lastCall: null,
      unread: 1,
    },
  ]);
  chatStore.addEntries(DIALOG, [
    entry(MINE, {
      dialogId: DIALOG,
      senderId: ME,
      body: 'Your results are in',
      readBy: [MEMBER],
      sentAt: 1_000,
    }),
    entry(THEIRS, { dialogId: DIALOG, senderId: MEMBER, body: 'Thank you!', sentAt: 2_000 }),
  ]);
  chatStore.setHistoryState(DIALOG, { loaded: true, hasOlder: false });
  return runtime;
}

/** The log of the conversation with Emma as the Messages screen renders it, for the user `me`. */
function logOf(
  runtime: ReturnType<typeof withConversation>,
  chat: ComponentProps<typeof MessageLog>['chat'],
  me: number | null = ME,
) {
  return (
    <MessageLog
      chat={chat}
      dialogId={DIALOG}
      label="Conversation with Emma Laurent"
      conversation={runtime.chatStore.state.conversations[DIALOG]!}
      me={me}
      group={false}
    />
  );
}

function renderLog(
  runtime = withConversation(),
  chat: ComponentProps<typeof MessageLog>['chat'] = runtime.signInChat(ME),
) {
  renderWithRuntime(logOf(runtime, chat), runtime);
  return runtime;
}

describe('the message log', () => {
  it('shows the conversation in order, ours with its tick', async () => {
    renderLog();
    const log = screen.getByRole('log', { name: 'Conversation with Emma Laurent' });
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(2));
    const [first, second] = within(log).getAllByRole('listitem');
    expect(first!.textContent).toContain('Your results are in');
    expect(within(first!).getByRole('img', { name: 'Read' })).toBeTruthy();
    expect(second!.textContent).toContain('Thank you!');
  });

  it('marks the member’s message read once seen, through the outbox', async () => {
    const runtime = renderLog();
    await waitFor(() =>
      expect(runtime.sent).toEqual([{ kind: 'read', messageId: THEIRS, userId: MEMBER, dialogId: DIALOG }]),
    );
    expect(runtime.chatStore.state.dialogs[DIALOG]!.unread).toBe(0);
  });

  it('marks a message read that became unread while on screen: the chat user known after it was seen', async () => {
    const runtime = withConversation();
    runtime.chatStore.setMe(null);
    const chat = runtime.signInChat(ME);
    const { rerender } = renderWithRuntime(logOf(runtime, chat, null), runtime);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    // On screen, but nobody's messages can be told unread yet: nothing is marked.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runtime.sent).toEqual([]);
    // Her message's row turns unread where it is; its visibility does not change.
    runtime.chatStore.setMe(ME);
    rerender(logOf(runtime, chat));
    await waitFor(() =>
      expect(runtime.sent).toEqual([{ kind: 'read', messageId: THEIRS, userId: MEMBER, dialogId: DIALOG }]),
    );
  });

  it('marks nothing read without a running chat', async () => {
    const runtime = renderLog(withConversation(), null);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(runtime.sent).toEqual([]);
    expect(runtime.chatStore.state.dialogs[DIALOG]!.unread).toBe(1);
  });
});
