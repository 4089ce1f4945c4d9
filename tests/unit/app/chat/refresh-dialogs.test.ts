/**
 * The dialog list is asked anew after a change (a dialog created from the /message?userId= deep
 * link, spec §2): a list request already under way, answered from before the change, must not be
 * what the refresh returns.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProviderDialog } from '../../../../src/shared';

const answers: Array<{ resolve(v: { total: number; items: ProviderDialog[] }): void }> = [];
vi.mock('../../../../src/app/api/domain-calls', () => ({
  chatCalls: {
    dialogs: () =>
      new Promise((resolve) => {
        answers.push({ resolve });
      }),
  },
}));

const { refreshDialogs } = await import('../../../../src/app/features/chat/chat-sync');
const { dialogsQuery } = await import('../../../../src/app/features/chat/queries');
const { chatStore } = await import('../../../../src/app/features/chat/chat-store');
type Runtime = Parameters<typeof refreshDialogs>[0];

const withEmma: ProviderDialog = {
  dialogId: '5f0c1a2b3c4d5e6f7a8b9c0d',
  type: 3,
  name: 'Emma Laurent',
  photo: null,
  xmppRoomJid: null,
  occupantIds: [100010, 200005],
  client: null,
  lastMessage: null,
  lastMessageDateSent: null,
  lastMessageUserId: null,
  unreadMessagesCount: 0,
  createdAt: '2026-11-22T04:18:21.000Z',
};

afterEach(() => {
  answers.length = 0;
  delete chatStore.dialogs[withEmma.dialogId];
});

describe('refreshDialogs', () => {
  it('does not take the answer of a list request that was already under way', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const runtime = { queryClient, me: 100010 } as unknown as Runtime;
    // The screen's own list request, sent before the dialog was created.
    const earlier = queryClient.fetchQuery(dialogsQuery()).catch(() => null);
    await vi.waitFor(() => expect(answers).toHaveLength(1));

    const refreshed = refreshDialogs(runtime);
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[0]!.resolve({ total: 0, items: [] });
    answers[1]!.resolve({ total: 1, items: [withEmma] });
    await refreshed;
    await earlier;

    expect(chatStore.dialogs[withEmma.dialogId]?.name).toBe('Emma Laurent');
    expect(queryClient.getQueryData(dialogsQuery().queryKey)?.items).toEqual([withEmma]);
  });
});
