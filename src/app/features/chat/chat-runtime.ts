/**
 * The chat of this tab (spec §4 "Login flow: create an app session, log in the user, connect to
 * chat"): the chat account from the own API, a chat-service session (its token is also the XMPP
 * password, hosted-chat-wire.md §12), the user's login, then the XMPP connection. Each step that
 * fails shows the spec §8 message. The running pieces are kept here for the actions.
 */
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { ApiError, createChatService, type ChatService, type ChatSession } from '../../../rest';
import type { ChatAccountInfo } from '../../../shared/api/chat';
import {
  ChatNotConnectedError,
  createChatClient,
  type ChatClient,
  type DialogDescriptor,
  type DialogMessage,
} from '../../../xmpp';
import { chatCalls } from '../../api/domain-calls';
import { showToast } from '../../components/toast-store';
import { resetChat, seedUnread, setLink, setLoaded, setWaiting } from './chat-store';
import { createOutbox, type Outbox } from './outbox';
import { chatSessionRenewer } from './session-renewal';

/** Something that waits for the connection: a message, or a read marker (spec §3 "wait for send"). */
export type Outgoing =
  | { kind: 'message'; dialog: DialogDescriptor; message: DialogMessage }
  | { kind: 'read'; messageId: string; userId: number; dialogId: string };

export interface ChatRuntime {
  service: ChatService;
  chat: ChatClient;
  me: number;
  outbox: Outbox<Outgoing>;
  queryClient: QueryClient;
  /** A fresh chat-service session and login, then (if the chat is down) a connect with its token. */
  renew(): Promise<void>;
}

let current: ChatRuntime | null = null;

/** The running chat, or null before the login flow finished / after sign-out. */
export const chatRuntime = (): ChatRuntime | null => current;

class LoginStepFailed extends Error {}

function fail(key: string, error: unknown): never {
  console.warn(`Chat login step failed (${key})`, error);
  setLink('failed', key);
  showToast(i18next.t(`messages:${key}`));
  throw new LoginStepFailed(key);
}

function xmppService(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/xmpp-websocket`;
}

function sendOutgoing(chat: ChatClient, item: Outgoing): void {
  if (item.kind === 'read') {
    chat.sendReadStatus({ messageId: item.messageId, userId: item.userId, dialogId: item.dialogId });
    return;
  }
  chat.sendToDialog(item.dialog, item.message);
}

export interface StartChatOptions {
  queryClient: QueryClient;
  /** Wires the events once the client exists; returns the unwiring. */
  wire(runtime: ChatRuntime): () => void;
  /** After the first login: dialogs, blocked users, rooms. */
  afterLogin(runtime: ChatRuntime): Promise<void>;
}

/** Runs the login flow; the returned function signs the chat out for good. */
export function startChat(options: StartChatOptions): () => void {
  let stopped = false;
  let unwire: () => void = () => undefined;
  let stopExpiryWatch: () => void = () => undefined;
  setLink('connecting');

  async function session(service: ChatService, account: ChatAccountInfo): Promise<ChatSession> {
    let created: ChatSession;
    try {
      created = await service.client.createSession();
    } catch (error) {
      fail('errors.session', error);
    }
    try {
      await service.client.login({ login: account.login, password: account.password });
    } catch (error) {
      fail('errors.login', error);
    }
    return created;
  }

  async function run(): Promise<void> {
    let account: ChatAccountInfo;
    try {
      // The API client shows the server's message (or signs the user out) first.
      account = await chatCalls.account();
    } catch (error) {
      if (stopped) return;
      // Signed out (spec §8 TOKEN_ERR_*): the login page says why; nothing to add here.
      if (error instanceof ApiError && error.isTokenError) return setLink('failed', 'errors.session');
      // Without its account the chat session cannot be created (spec §8 user messages).
      fail('errors.session', error);
    }
    if (stopped) return;
    seedUnread(account.items);
    // Spec §8: an expired session is renewed (once for concurrent requests, quietly) and the
    // request sent again.
    const renewer = chatSessionRenewer(
      () => service.client,
      () => ({ login: account.login, password: account.password }),
    );
    const service = createChatService({
      apiUrl: `${window.location.origin}${account.app.apiPath}`,
      appId: account.app.appId,
      authKey: account.app.authKey,
      authSecret: account.app.authSecret,
      hash: account.app.hash,
      onSessionExpired: renewer.onSessionExpired,
    });
    await session(service, account);
    setLoaded({ sessionLoaded: true });
    let settings: Awaited<ReturnType<ChatService['accountSettings']>>;
    try {
      settings = await service.accountSettings();
    } catch (error) {
      fail('errors.connect', error);
    }
    const chat = createChatClient({
      service: xmppService(),
      domain: settings.chat_endpoint,
      appId: account.app.appId,
      isSessionExpired: () => service.client.expiry.isExpired(),
    });
    const outbox = createOutbox<Outgoing>({
      send: (item) => sendOutgoing(chat, item),
      canSend: () => chat.isConnected,
      isOffline: (error) => error instanceof ChatNotConnectedError,
      onDropped: (item, error) => console.warn('A chat message could not be sent', item, error),
    });
    const runtime: ChatRuntime = {
      service,
      chat,
      me: account.quickBloxId,
      outbox,
      queryClient: options.queryClient,
      async renew() {
        // Quiet: a portal session that ended (kicked, signed out) is met by the next click, as
        // with the app socket; the chat only stops.
        account = await chatCalls.account({ quiet: true });
        await renewer.renew();
        if (!chat.isConnected)
          await chat.connect({ userId: account.quickBloxId, token: service.client.token! });
      },
    };
    if (stopped) return;
    setLoaded({ me: account.quickBloxId });
    unwire = options.wire(runtime);
    try {
      await chat.connect({ userId: account.quickBloxId, token: service.client.token! });
    } catch (error) {
      if (stopped) return;
      fail('errors.connect', error);
    }
    if (stopped) {
      await chat.disconnect();
      return;
    }
    current = runtime;
    setLoaded({ chatLoaded: true });
    setLink('online');
    // The sliding two-hour session (spec §9) is kept alive while the tab chats.
    const keepAlive = () => {
      stopExpiryWatch = service.client.expiry.watch(() => {
        service.client.getSession().then(keepAlive, keepAlive);
      });
    };
    keepAlive();
    await options.afterLogin(runtime);
    setWaiting(outbox.pending.length);
  }

  run().catch((error: unknown) => {
    if (!(error instanceof LoginStepFailed)) console.error('Chat login failed', error);
  });

  return () => {
    stopped = true;
    stopExpiryWatch();
    unwire();
    const runtime = current;
    current = null;
    resetChat();
    if (runtime) {
      void runtime.chat.disconnect();
      runtime.outbox.clear();
    }
  };
}
