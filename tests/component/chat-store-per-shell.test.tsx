/**
 * One chat store per signed-in shell (docs/architecture.md §3 "The portal runtime";
 * src/app/runtime/portal-runtime.ts): two shells' stores hold their own messages, the end of a
 * session (its token gone, which the runtime follows without React) leaves its shell's store
 * clean through the Messages plugin, and the
 * shell of the next sign-in starts from a fresh store. The chat runs its real login flow against
 * the own API's routes (tests/component/fake-api.ts) up to the chat account, whose unread counts
 * are the Messages red dot (spec §1).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { snapshot } from 'valtio';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { member, personas, provider } from '../../fixtures';
import { testRootWithApi } from './test-runtime';
import { ConnectionsProvider } from '../../src/app/connections';
import { memoryOutboxStore } from '../../src/app/connections/chat/outbox-store';
import { ChatStoreContext, createChatStore, MessagesRedDot } from '../../src/app/features/chat';
import { createPortalRuntime, type PortalRuntime } from '../../src/app/runtime';
import type { ChatAccountInfo } from '../../src/shared/api/chat';
import { entry } from '../unit/app/chat/entry-fixture';
import { serveApi } from './fake-api';
import { doctorInfo } from './doctor-info';
import type { SessionStore } from '../../src/app/session';

const AMELIA = provider('amelia');
const AVA = member('ava');
const WITH_AVA = '5f0c1a2b3c4d5e6f7a8b9c01';
const WITH_BIANCA = '5f0c1a2b3c4d5e6f7a8b9c02';

const never = () => new Promise<never>(() => undefined);

/**
 * A shell's portal whose app socket never loads; its chat loads and runs as in the portal, with
 * the session of its portal root: a sign-in there opens it, the session's end closes it.
 */
function shellPortal(): {
  runtime: PortalRuntime;
  chatStore: PortalRuntime['chatStore'];
  session: SessionStore;
} {
  const { root, api } = testRootWithApi();
  const runtime = createPortalRuntime({
    // The root's own-API client over the page's fetch, which serveChatAccount answers.
    api,
    session: root.session,
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    traffic: root.traffic,
    toasts: root.toasts,
    outboxStore: memoryOutboxStore(),
    tabs: () => ({ id: 'test-tab', exclusive: (work) => work(() => false), release: () => undefined }),
    appSocketTransport: never,
    console: false,
  });
  return { runtime, chatStore: runtime.chatStore, session: root.session };
}

/** What the signed-in shell renders around its pages (signed-in-shell.tsx), with the Messages red dot. */
function Shell({ portal, name }: { portal: { runtime: PortalRuntime }; name: string }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <ChatStoreContext.Provider value={portal.runtime.chatStore}>
        <ConnectionsProvider runtime={portal.runtime} chat>
          <section aria-label={name}>
            <MessagesRedDot />
          </section>
        </ConnectionsProvider>
      </ChatStoreContext.Provider>
    </QueryClientProvider>
  );
}

/** The own API's part of the chat login (spec §7): Amelia's chat credentials and account with `unread`. */
function serveChatAccount(unread: ChatAccountInfo['items']) {
  const { chatApp } = personas;
  return serveApi({
    'GET /message/qb/user/getInfo': () => ({
      login: AMELIA.chatLogin,
      password: AMELIA.password,
      quickBloxId: AMELIA.chatId,
      appId: chatApp.appId,
      jid: AMELIA.jid,
      chatDomain: chatApp.domain,
      mucDomain: `muc.${chatApp.domain}`,
    }),
    'GET /message/qb/user/get': (): ChatAccountInfo => ({
      login: AMELIA.chatLogin,
      password: AMELIA.password,
      quickBloxId: AMELIA.chatId,
      app: { ...chatApp, hash: 'sha1', apiPath: '/qb' },
      items: unread,
      totalUnread: unread.reduce((sum, item) => sum + item.unreadMessagesCount, 0),
    }),
  });
}

const redDot = (shell: string) => within(screen.getByRole('region', { name: shell })).queryByRole('status');

beforeEach(() => {
  // The chat service itself is not served: the login stops after the chat account, saying so.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a chat store per signed-in shell', () => {
  it('keeps two shells’ chats apart: a message added to one is not in the other', () => {
    const first = shellPortal();
    const second = shellPortal();
    expect(second.chatStore).not.toBe(first.chatStore);
    // Both chats are up, nothing unread (their chat accounts said so).
    for (const { chatStore } of [first, second]) {
      chatStore.setMe(AMELIA.chatId);
      chatStore.seedUnread([]);
    }
    const fromAva = entry('6a1f00000000000000000001', { dialogId: WITH_AVA, senderId: AVA.chatId });
    first.chatStore.addEntries(WITH_AVA, [fromAva], { live: true });

    expect(first.chatStore.state.conversations[WITH_AVA]?.entries.map((e) => e.id)).toEqual([fromAva.id]);
    expect(second.chatStore.state.conversations).toEqual({});
    expect(second.chatStore.state.dialogs).toEqual({});
    render(
      <>
        <Shell portal={first} name="First shell" />
        <Shell portal={second} name="Second shell" />
      </>,
    );
    expect(redDot('First shell')?.getAttribute('aria-label')).toBe('1 unread message');
    expect(redDot('Second shell')).toBeNull();

    second.chatStore.reset();
    expect(first.chatStore.state.dialogs[WITH_AVA]?.unread).toBe(1);
  });

  it('leaves a clean store when the session ends, and the next shell starts from a fresh one', async () => {
    serveChatAccount([{ dialogId: WITH_AVA, unreadMessagesCount: 2 }]);
    const first = shellPortal();
    const { unmount } = render(<Shell portal={first} name="Shell" />);
    // Nothing runs before the sign-in; the runtime opens the chat with the session's token.
    expect(redDot('Shell')).toBeNull();
    act(() => first.session.start('first-session', doctorInfo('amelia')));
    // The chat's login flow reads the chat account: its counts are the red dot.
    await waitFor(() => expect(redDot('Shell')?.getAttribute('aria-label')).toBe('2 unread messages'));
    first.chatStore.addEntries(
      WITH_AVA,
      [entry('6a1f00000000000000000002', { dialogId: WITH_AVA, senderId: AVA.chatId })],
      { live: true },
    );
    await waitFor(() => expect(redDot('Shell')?.getAttribute('aria-label')).toBe('3 unread messages'));

    // Sign-out: the session's token goes, the runtime stops the chat (the shell is still shown),
    // and its plugin empties the shell's store.
    act(() => first.session.end({ onPurpose: true }));
    await waitFor(() => expect(redDot('Shell')).toBeNull());
    expect(snapshot(first.chatStore.state)).toEqual(snapshot(createChatStore(() => undefined).state));
    unmount();

    // The next sign-in mounts a new shell: a store of its own, empty before its chat says anything.
    serveChatAccount([{ dialogId: WITH_BIANCA, unreadMessagesCount: 1 }]);
    const next = shellPortal();
    expect(next.chatStore).not.toBe(first.chatStore);
    expect(snapshot(next.chatStore.state)).toEqual(snapshot(createChatStore(() => undefined).state));
    render(<Shell portal={next} name="Next shell" />);
    act(() => next.session.start('next-session', doctorInfo('amelia')));
    await waitFor(() => expect(redDot('Next shell')?.getAttribute('aria-label')).toBe('1 unread message'));
    expect(Object.keys(next.chatStore.state.dialogs)).toEqual([WITH_BIANCA]);
    expect(next.chatStore.state.conversations).toEqual({});
    // The ended shell's store stays as the sign-out left it.
    expect(first.chatStore.state.dialogs).toEqual({});
  });
});
