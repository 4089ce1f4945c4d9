/**
 * The dialog list of the Messages screen (issue 4, spec §1 red dots; features/chat/messages-screen.tsx,
 * dialog-list.tsx) against a test portal runtime and the own API's dialog list: the chat store is
 * the list's one owner — the server's list feeds it, a live message moves its dialog to the top and
 * counts as unread — and a conversation opens from the list, with the address naming it so that a
 * reload shows it again.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProviderDialog } from '../../src/shared';
import { DialogList } from '../../src/app/features/chat/dialog-list';
import { MessagesScreen } from '../../src/app/features/chat/messages-screen';
import MessagePage from '../../src/app/routes/message/message-page';
import { entry } from '../unit/app/chat/entry-fixture';
import { serveApi } from './fake-api';
import { createTestRuntime, renderWithRuntime } from './test-runtime';

/** The Messages screen as `/message` shows it with no conversation named in the address. */
const ListedScreen = () => (
  <MessagesScreen
    userId={null}
    dialogId={null}
    onShown={() => undefined}
    backToList={false}
    onBack={() => undefined}
  />
);

const ME = 100010;

const dialog = (dialogId: string, name: string, fields: Partial<ProviderDialog> = {}): ProviderDialog => ({
  dialogId,
  type: 3,
  name,
  photo: null,
  xmppRoomJid: null,
  occupantIds: [ME, 200005],
  client: null,
  lastMessage: 'See you Tuesday',
  lastMessageId: null,
  lastMessageDateSent: 1_795_000_000,
  lastMessageUserId: 200005,
  lastMessageCall: null,
  unreadMessagesCount: 0,
  createdAt: '2026-11-22T04:18:21.000Z',
  ...fields,
});

const EMMA = '5f0c1a2b3c4d5e6f7a8b9c01';
const NOAH = '5f0c1a2b3c4d5e6f7a8b9c02';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The list's rows, by their accessible names, top to bottom. */
const rows = () =>
  within(screen.getByRole('navigation', { name: 'Conversations' }))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('the dialog list', () => {
  it('shows the server’s list newest first, and a live message moves its dialog up as unread', async () => {
    const runtime = createTestRuntime();
    runtime.chatStore.setMe(ME);
    const api = serveApi({
      'GET /message/qb/doctor/getDialogs': () => ({
        total: 2,
        items: [
          dialog(NOAH, 'Noah Weber', { lastMessage: 'Thanks!', lastMessageDateSent: 1_795_000_100 }),
          dialog(EMMA, 'Emma Laurent', { unreadMessagesCount: 1 }),
        ],
      }),
    });
    renderWithRuntime(<ListedScreen />, runtime);
    expect(screen.getByText('Loading conversations…')).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(api.requests).toEqual(['GET /message/qb/doctor/getDialogs']);
    expect(rows()[0]).toContain('Noah Weber');
    expect(screen.getByRole('button', { name: /Emma Laurent ?, 1 unread message$/ })).toBeTruthy();

    runtime.chatStore.addEntries(
      EMMA,
      [
        entry('6a1f00000000000000000009', {
          dialogId: EMMA,
          senderId: 200005,
          body: 'New scan?',
          serverDate: 1_795_000_200,
          sentAt: 1_795_000_200_000,
        }),
      ],
      { live: true },
    );
    await waitFor(() => expect(rows()[0]).toContain('Emma Laurent'));
    expect(screen.getByRole('button', { name: /Emma Laurent ?, 2 unread messages$/ })).toBeTruthy();
    expect(rows()[0]).toContain('New scan?');
    // Nothing was asked of the server for it: the store holds the list.
    expect(api.requests).toHaveLength(1);
  });

  it('says when there is nothing yet, and opens the conversation chosen', async () => {
    const opened: string[] = [];
    const { rerender, runtime } = renderWithRuntime(
      <DialogList
        dialogs={[]}
        activeId={null}
        focusId={null}
        list="listed"
        onOpen={(id) => opened.push(id)}
        onRetry={() => undefined}
      />,
    );
    const { chatStore } = runtime;
    expect(screen.getByText('No conversations yet. Start one from a client’s page.')).toBeTruthy();
    chatStore.setMe(ME);
    chatStore.addEntries(EMMA, [entry('6a1f0000000000000000000a', { dialogId: EMMA, senderId: 200005 })], {
      live: true,
    });
    const view = { ...chatStore.state.dialogs[EMMA]!, name: 'Emma Laurent' };
    rerender(
      <DialogList
        dialogs={[view]}
        activeId={null}
        focusId={null}
        list="listed"
        onOpen={(id) => opened.push(id)}
        onRetry={() => undefined}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: /Emma Laurent/ }));
    expect(opened).toEqual([EMMA]);
  });

  it('says when the list could not be had, not that there is none, and lists it on Try again', async () => {
    const runtime = createTestRuntime();
    runtime.chatStore.setMe(ME);
    let reachable = false;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serveApi({
      'GET /message/qb/doctor/getDialogs': () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return { total: 1, items: [dialog(EMMA, 'Emma Laurent')] };
      },
    });
    renderWithRuntime(
      <main tabIndex={-1}>
        <ListedScreen />
      </main>,
      runtime,
    );
    const failed = (
      await screen.findByText('Your conversations could not be loaded.', undefined, {
        timeout: 10_000,
      })
    ).closest('[role="alert"]') as HTMLElement;
    expect(failed).toBeTruthy();
    expect(screen.queryByText('No conversations yet. Start one from a client’s page.')).toBeNull();
    reachable = true;
    fireEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()[0]).toContain('Emma Laurent'));
    expect(screen.queryByText('Your conversations could not be loaded.')).toBeNull();
    // The button went with the failure; the keyboard's focus did not fall to the document.
    expect(document.activeElement?.tagName).toBe('MAIN');
    warn.mockRestore();
  });

  it('shows a call record last in a dialog as the call, in the reader’s words, not the sender’s body', async () => {
    const runtime = createTestRuntime();
    runtime.chatStore.setMe(ME);
    serveApi({
      'GET /message/qb/doctor/getDialogs': () => ({
        total: 1,
        items: [
          dialog(EMMA, 'Emma Laurent', {
            lastMessage: 'Durata chiamata: 00:04',
            lastMessageCall: { outcome: 'completed', seconds: 4, media: 'audio' },
          }),
        ],
      }),
    });
    renderWithRuntime(<ListedScreen />, runtime);
    await waitFor(() => expect(rows()[0]).toContain('Audio call · Duration 00:04'));
    expect(rows()[0]).not.toContain('Durata');
  });

  it('names the open conversation in the address, and opens the one the address names', async () => {
    const GROUP = '5f0c1a2b3c4d5e6f7a8b9c03';
    const list = () => ({
      total: 3,
      items: [
        dialog(NOAH, 'Noah Weber', { occupantIds: [ME, 200006] }),
        dialog(EMMA, 'Emma Laurent'),
        dialog(GROUP, 'Cycle group', { type: 2, occupantIds: [ME, 200005, 200006] }),
      ],
    });
    const conversation = (name: string) => screen.findByRole('region', { name: `Conversation with ${name}` });
    const page = (path: string) => {
      const runtime = createTestRuntime();
      runtime.chatStore.setMe(ME);
      serveApi({ 'GET /message/qb/doctor/getDialogs': list });
      return renderWithRuntime(
        <>
          <MessagePage />
          <Address />
        </>,
        runtime,
        { path },
      );
    };
    const address = () => screen.getByTestId('address').textContent;

    // Opened from the list: a private dialog by its client, a group by its id.
    const first = page('/message');
    fireEvent.click(await screen.findByRole('button', { name: /Emma Laurent/ }));
    await conversation('Emma Laurent');
    expect(address()).toBe('/message?userId=200005');
    fireEvent.click(screen.getByRole('button', { name: /Cycle group/ }));
    await conversation('Cycle group');
    expect(address()).toBe(`/message?dialog=${GROUP}`);
    first.unmount();
    vi.unstubAllGlobals();

    // A reload of either address opens the same conversation, and leaves the address as it is.
    for (const [path, name] of [
      ['/message?userId=200006', 'Noah Weber'],
      [`/message?dialog=${GROUP}`, 'Cycle group'],
    ] as const) {
      const view = page(path);
      expect(await conversation(name)).toBeTruthy();
      expect(address()).toBe(path);
      view.unmount();
      vi.unstubAllGlobals();
    }
  });

  it('goes back to the list by its control or the history’s Back, with focus on the row left', async () => {
    const page = (path: string) => {
      const runtime = createTestRuntime();
      runtime.chatStore.setMe(ME);
      serveApi({
        'GET /message/qb/doctor/getDialogs': () => ({
          total: 2,
          items: [dialog(NOAH, 'Noah Weber', { occupantIds: [ME, 200006] }), dialog(EMMA, 'Emma Laurent')],
        }),
      });
      return renderWithRuntime(
        <>
          <MessagePage />
          <Address />
          <HistoryBack />
        </>,
        runtime,
        { path },
      );
    };
    const address = () => screen.getByTestId('address').textContent;
    const emmaRow = () => screen.findByRole('button', { name: /^Emma Laurent/ });
    const back = () => screen.getByRole('button', { name: 'Back to conversations' });
    const closed = () =>
      waitFor(() =>
        expect(screen.queryByRole('region', { name: 'Conversation with Emma Laurent' })).toBeNull(),
      );

    // Opened from the list, it is a step of the history: the control and the Back both return.
    const first = page('/message');
    fireEvent.click(await emmaRow());
    await screen.findByRole('region', { name: 'Conversation with Emma Laurent' });
    fireEvent.click(back());
    await closed();
    expect(address()).toBe('/message');
    await waitFor(async () => expect(document.activeElement).toBe(await emmaRow()));
    fireEvent.click(await emmaRow());
    await screen.findByRole('region', { name: 'Conversation with Emma Laurent' });
    (document.activeElement as HTMLElement).blur();
    fireEvent.click(screen.getByRole('button', { name: 'History back' }));
    await closed();
    expect(address()).toBe('/message');
    await waitFor(async () => expect(document.activeElement).toBe(await emmaRow()));
    first.unmount();
    vi.unstubAllGlobals();

    // Opened by its address (a link from Clients, a reload): the control leaves the list in its place.
    page('/message?userId=200005');
    await screen.findByRole('region', { name: 'Conversation with Emma Laurent' });
    fireEvent.click(back());
    await closed();
    expect(address()).toBe('/message');
    await waitFor(async () => expect(document.activeElement).toBe(await emmaRow()));
  });
});

/** The history's Back, as the browser's button. */
function HistoryBack() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      History back
    </button>
  );
}

/** Where the memory router is, for the test to read. */
function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{pathname + search}</output>;
}
