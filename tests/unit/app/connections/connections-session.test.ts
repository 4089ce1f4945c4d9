/**
 * The portal runtime's connections own the session's end (src/app/connections/connections.ts,
 * docs/architecture.md §3 "The portal runtime"): without React, it opens the app socket and the
 * chat when the session has a token, reopens them for a new token, closes the chat on a page that
 * does not use it, and closes everything when the token goes or the shell stops it.
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { provider } from '../../../../fixtures';
import { createToastStore } from '../../../../src/app/components/toast-store';
import { createTraffic } from '../../../../src/app/api/traffic';
import { createConnections, type RuntimeSession } from '../../../../src/app/connections/connections';
import { memoryOutboxStore } from '../../../../src/app/connections/chat/outbox-store';
import { createEmitter } from '../../../../src/shared/emitter';
import type { ApiClient } from '../../../../src/rest';

const AMELIA = provider('amelia');

/** A session the test signs in and out, as the session store tells its token. */
function fakeSession(): RuntimeSession & { signIn(token: string): void; end(): void } {
  const events = createEmitter<{ token: string | null }>();
  const state = { token: null as string | null };
  const tell = (token: string | null) => {
    state.token = token;
    events.emit('token', token);
  };
  return {
    state: state as RuntimeSession['state'],
    onToken: (listener) => events.on('token', listener),
    signIn: (token) => tell(token),
    end: () => tell(null),
  };
}

/** The runtime with transports that record what is open. */
function runtimeOn(session: RuntimeSession) {
  const open = { sockets: [] as string[], chats: 0 };
  const runtime = createConnections({
    api: {} as ApiClient,
    session,
    queryClient: new QueryClient(),
    traffic: createTraffic(),
    toasts: createToastStore(() => undefined),
    chatPlugins: [],
    socketPlugins: [],
    outboxStore: memoryOutboxStore(),
    tabs: () => ({ id: 'test-tab', exclusive: (work) => work(() => false), release: () => undefined }),
    console: false,
    appSocketTransport: async () => (options) => {
      open.sockets.push(options.token);
      return () => open.sockets.splice(open.sockets.indexOf(options.token), 1);
    },
    chatTransport: async () => () => {
      open.chats += 1;
      return () => (open.chats -= 1);
    },
  });
  return { runtime, open };
}

/** Lets the transports' loading (a promise each) settle. */
const loaded = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * A runtime started on a fresh session: `kept` a token a reload kept before the start, `chat`
 * false on a page without the chat.
 */
function started({ kept, chat = true }: { kept?: string; chat?: boolean } = {}) {
  const session = fakeSession();
  if (kept) session.signIn(kept);
  const { runtime, open } = runtimeOn(session);
  runtime.chatOnPage(chat);
  return { session, runtime, open, stop: runtime.start() };
}

describe('the portal runtime follows the session’s token', () => {
  it('opens nothing without a token, and both connections with one', async () => {
    const { session, open, stop } = started();
    await loaded();
    expect(open).toEqual({ sockets: [], chats: 0 });
    session.signIn(`token-of-${AMELIA.key}`);
    await loaded();
    expect(open).toEqual({ sockets: [`token-of-${AMELIA.key}`], chats: 1 });
    stop();
  });

  it('starts with the token a reload kept', async () => {
    const { open, stop } = started({ kept: 'kept-token' });
    await loaded();
    expect(open).toEqual({ sockets: ['kept-token'], chats: 1 });
    stop();
    expect(open).toEqual({ sockets: [], chats: 0 });
  });

  it('closes everything when the session ends, while the shell is still shown', async () => {
    const { session, open, stop } = started();
    session.signIn('first');
    await loaded();
    session.end();
    expect(open).toEqual({ sockets: [], chats: 0 });
    stop();
  });

  it('reopens both for a new token, and closes the old one’s first', async () => {
    const { session, open, stop } = started();
    session.signIn('first');
    await loaded();
    session.signIn('second');
    await loaded();
    expect(open).toEqual({ sockets: ['second'], chats: 1 });
    // The same token told again is no change.
    session.signIn('second');
    await loaded();
    expect(open).toEqual({ sockets: ['second'], chats: 1 });
    stop();
  });

  it('closes the chat on a page that does not use it and opens it on the next that does', async () => {
    const { session, runtime, open, stop } = started({ chat: false });
    session.signIn('first');
    await loaded();
    expect(open).toEqual({ sockets: ['first'], chats: 0 });
    runtime.chatOnPage(true);
    await loaded();
    expect(open).toEqual({ sockets: ['first'], chats: 1 });
    runtime.chatOnPage(true);
    await loaded();
    expect(open.chats).toBe(1);
    runtime.chatOnPage(false);
    expect(open).toEqual({ sockets: ['first'], chats: 0 });
    stop();
  });

  it('keeps a connection still loading from starting once the session ended', async () => {
    const { session, open, stop } = started();
    session.signIn('first');
    session.end();
    await loaded();
    expect(open).toEqual({ sockets: [], chats: 0 });
    stop();
  });
});
