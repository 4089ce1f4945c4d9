/**
 * The composer (spec §4 Messaging, features/chat/composer.tsx) against a test portal runtime:
 * Enter sends through the running chat's outbox and shows the message at once, Shift+Enter starts
 * a new line, a text sent while the first login runs waits in the box and goes out when the chat
 * runs, a failed login loses nothing, a file that is not an image is refused with the reason and
 * what is typed kept, and a blocked conversation cannot be written in.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Composer } from '../../src/app/features/chat/composer';
import { createTestRuntime, renderWithRuntime } from './test-runtime';

const DIALOG = '5f0c1a2b3c4d5e6f7a8b9c0d';

/** A test runtime whose chat store knows the conversation with Emma. */
function withEmma() {
  const runtime = createTestRuntime();
  runtime.chatStore.setMe(100010);
  runtime.chatStore.seedDialogs([
    {
      id: DIALOG,
      type: 3,
      name: 'Emma Laurent',
      avatar: null,
      clientChatId: 200005,
      occupantIds: [100010, 200005],
      lastMessage: null,
      lastMessageId: null,
      lastMessageAt: null,
      lastCall: null,
      unread: 0,
    },
  ]);
  return runtime;
}
const box = () => screen.getByRole('textbox', { name: 'Message' });

describe('the composer', () => {
  it('sends on Enter through the outbox and shows the message in the conversation', () => {
    const runtime = withEmma();
    runtime.signInChat();
    renderWithRuntime(<Composer dialogId={DIALOG} disabled={false} />, runtime);
    fireEvent.change(box(), { target: { value: 'Your results are in' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(runtime.sent).toHaveLength(1);
    const [sent] = runtime.sent;
    expect(sent).toMatchObject({ kind: 'message', message: { body: 'Your results are in' } });
    expect(box()).toHaveProperty('value', '');
    expect(runtime.chatStore.state.conversations[DIALOG]?.entries.map((e) => e.body)).toEqual([
      'Your results are in',
    ]);
  });

  it('starts a new line on Shift+Enter, sending nothing', () => {
    const runtime = withEmma();
    runtime.signInChat();
    renderWithRuntime(<Composer dialogId={DIALOG} disabled={false} />, runtime);
    fireEvent.change(box(), { target: { value: 'First line' } });
    fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true });
    expect(runtime.sent).toEqual([]);
    expect(box()).toHaveProperty('value', 'First line');
  });

  it('holds a text sent before the first login finished and sends it once the chat runs', () => {
    const runtime = withEmma();
    act(() => runtime.chat.connecting());
    renderWithRuntime(<Composer dialogId={DIALOG} disabled={false} />, runtime);
    fireEvent.change(box(), { target: { value: 'Still here' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(runtime.sent).toEqual([]);
    expect(box()).toHaveProperty('value', 'Still here');
    expect(box()).toHaveProperty('readOnly', true);
    expect(screen.getByRole('status').textContent).toBe('Sends once the chat is connected.');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
    expect(runtime.root.toasts.state.items).toEqual([]);
    act(() => void runtime.signInChat());
    expect(runtime.sent).toMatchObject([{ kind: 'message', message: { body: 'Still here' } }]);
    expect(box()).toHaveProperty('value', '');
    expect(box()).toHaveProperty('readOnly', false);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps a held text in the box and says so when the login fails', () => {
    const runtime = withEmma();
    act(() => runtime.chat.connecting());
    renderWithRuntime(<Composer dialogId={DIALOG} disabled={false} />, runtime);
    fireEvent.change(box(), { target: { value: 'Still here' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    act(() => runtime.chat.failed('errors.login'));
    expect(runtime.sent).toEqual([]);
    expect(box()).toHaveProperty('value', 'Still here');
    expect(box()).toHaveProperty('readOnly', false);
    expect(runtime.root.toasts.state.items.map((t) => t.text)).toEqual(['Chat is not connected']);
  });

  it.each([
    ['a text file', new File(['Cycle notes'], 'notes.txt', { type: 'text/plain' })],
    ['a corrupt PNG', new File(['not a picture'], 'scan.png', { type: 'image/png' })],
  ])('refuses %s with the reason and keeps what is typed', async (_, file) => {
    const runtime = withEmma();
    runtime.signInChat();
    const { container } = renderWithRuntime(<Composer dialogId={DIALOG} disabled={false} />, runtime);
    fireEvent.change(box(), { target: { value: 'Here is the scan' } });
    fireEvent.change(container.querySelector('input[type="file"]')!, { target: { files: [file] } });
    await waitFor(() =>
      expect(runtime.root.toasts.state.items.map((t) => t.text)).toEqual([
        `${file.name} cannot be sent: only JPEG, PNG, WebP and GIF images can.`,
      ]),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(box()).toHaveProperty('value', 'Here is the scan');
    expect(runtime.sent).toEqual([]);
  });

  it('cannot be written in when the conversation is blocked', () => {
    const runtime = withEmma();
    runtime.signInChat();
    renderWithRuntime(<Composer dialogId={DIALOG} disabled />, runtime);
    expect(box()).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
  });
});
