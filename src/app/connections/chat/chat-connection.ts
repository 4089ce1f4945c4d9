/**
 * The chat of this tab (spec §4 "Login flow: create an app session, log in the user, connect to
 * chat"): the chat account from the own API, a chat-service session (its token is also the XMPP
 * password, docs/wire/hosted-chat.md §12), the user's login, then the XMPP connection — one for
 * all the tabs of the browser, held by one of them (shared-chat.ts). Each step that fails shows
 * the spec §8 message. The running chat is published in the connection state; the features that
 * keep state of their own take part through their plugins.
 */
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { ApiError, createChatCore, type ChatCore, type ChatSession } from '../../../rest';
import type { ChatAccountInfo } from '../../../shared/api/chat';
import type { ChatCredentials } from '../../../shared/api/chat-identity';
import { moduleCarrier, type ChatClient } from '../../../xmpp';
import { observedFetch } from '../../api/observed-fetch';
import type { Traffic } from '../../api/traffic';
import type { ChatConnectionState } from './chat-link';
import { wireLink } from './link-events';
import { ownMessages } from './own-messages';
import { createChatOutbox, type ChatOutbox } from './chat-outbox';
import { historyLookup, undeliveredRecords } from './outbox-delivered';
import { claimOutbox, type OutboxStore, type StoredOutgoing, type TabRegistry } from './outbox-store';
import { wirePageLifecycle } from './page-lifecycle';
import { chatSessionRenewer } from './session-renewal';
import { tabChat, type TabChat } from './shared-chat';
import type { ChatAccountCalls, ChatPlugin, ChatRuntime } from './types';
import { chooseXmppService, xmppServices } from './xmpp-service';

class LoginStepFailed extends Error {}

/**
 * Stanzas and BOSH requests reach the traffic seam only while it has listeners: the client's own
 * `traffic` and `boshRequest` events are listened to then, and otherwise not at all (so the
 * client builds nothing for them).
 */
function bridgeStanzas(chat: ChatClient, traffic: Traffic): () => void {
  let off: (() => void) | null = null;
  const follow = (listening: boolean) => {
    if (listening && !off) {
      const offStanzas = chat.traffic.on('stanza', ({ direction, element }) =>
        traffic.publish({ channel: 'xmpp', direction, element }),
      );
      const offRequests = chat.traffic.on('boshRequest', (request) =>
        traffic.publish({ channel: 'bosh', request }),
      );
      off = () => {
        offStanzas();
        offRequests();
      };
    } else if (!listening && off) {
      off();
      off = null;
    }
  };
  follow(traffic.listening);
  const stop = traffic.onListening(follow);
  return () => {
    stop();
    follow(false);
  };
}

export interface StartChatOptions {
  queryClient: QueryClient;
  /** The own-API calls of the login flow (the runtime's, connections.ts). */
  calls: ChatAccountCalls;
  /** The chat session's lifecycle: where the link and the running chat are published. */
  state: ChatConnectionState;
  /** The features' parts, in order. */
  plugins: readonly ChatPlugin[];
  /** The console's seam: stanzas and chat-service calls, while someone listens. */
  traffic: Traffic;
  /** Tells the provider a login step failed (the portal root's toasts). */
  say(text: string): void;
  /** Where what waits is kept across reloads (IndexedDB in the browser). */
  outboxStore: OutboxStore;
  /** This page among the browser's tabs: whose kept messages it sends. */
  tabs: TabRegistry;
}

/** Runs the login flow; the returned function signs the chat out for good. */
export function startChat({
  queryClient,
  calls,
  state,
  plugins,
  traffic,
  say,
  outboxStore,
  tabs,
}: StartChatOptions): () => void {
  // Sign-out aborts the login flow wherever it waits: each step after an await goes on only if
  // the chat still runs (`step`), in one place.
  const stop = new AbortController();
  const step = async <T>(pending: T | Promise<T>): Promise<T> => {
    const value = await pending;
    stop.signal.throwIfAborted();
    return value;
  };
  let outbox: ChatOutbox | null = null;
  const unwire: Array<() => void> = [];
  let stopExpiryWatch: () => void = () => undefined;
  let share: TabChat | null = null;
  state.connecting();

  function fail(key: string, error: unknown): never {
    stop.signal.throwIfAborted();
    console.warn(`Chat login step failed (${key})`, error);
    state.failed(key);
    say(i18next.t(`messages:${key}`));
    throw new LoginStepFailed(key);
  }

  async function session(service: ChatCore, credentials: ChatCredentials): Promise<ChatSession> {
    let created: ChatSession;
    try {
      created = await service.client.createSession();
    } catch (error) {
      fail('errors.session', error);
    }
    try {
      await service.client.login({ login: credentials.login, password: credentials.password });
    } catch (error) {
      fail('errors.login', error);
    }
    return created;
  }

  async function run(): Promise<void> {
    let account: ChatAccountInfo;
    let credentials: ChatCredentials;
    try {
      // Spec §7: the chat credentials (`/message/qb/user/getInfo`) and the chat account info with
      // the unread counts per dialog; the API client shows the server's message (or signs the user
      // out) first.
      [credentials, account] = await step(Promise.all([calls.credentials(), calls.account()]));
    } catch (error) {
      stop.signal.throwIfAborted();
      // Signed out (spec §8 TOKEN_ERR_*): the login page says why; nothing to add here.
      if (error instanceof ApiError && error.isTokenError) return state.failed('errors.session');
      // Without its account the chat session cannot be created (spec §8 user messages).
      fail('errors.session', error);
    }
    for (const plugin of plugins) plugin.account?.(account);
    // Spec §8: an expired session is renewed (once for concurrent requests, quietly) and the
    // request sent again.
    const renewer = chatSessionRenewer(
      () => service.client,
      () => ({ login: credentials.login, password: credentials.password }),
    );
    const service = createChatCore({
      apiUrl: `${window.location.origin}${account.app.apiPath}`,
      appId: account.app.appId,
      authKey: account.app.authKey,
      authSecret: account.app.authSecret,
      hash: account.app.hash,
      onSessionExpired: renewer.onSessionExpired,
      fetch: observedFetch('chat-service', traffic),
    });
    await step(session(service, credentials));
    let settings: Awaited<ReturnType<ChatCore['accountSettings']>>;
    try {
      settings = await step(service.accountSettings());
    } catch (error) {
      fail('errors.connect', error);
    }
    share = tabChat(credentials.quickBloxId, {
      // WebSocket, or BOSH where a proxy blocks WebSockets (docs/reliability.md "WebSockets
      // blocked"): chosen by the tab that comes to hold the connection.
      service: () => chooseXmppService(xmppServices(window.location)),
      domain: settings.chat_endpoint,
      appId: account.app.appId,
      isSessionExpired: () => service.client.expiry.isExpired(),
    });
    const { chat } = share;
    const queue = createChatOutbox({
      store: outboxStore,
      owner: credentials.quickBloxId,
      tab: tabs.id,
      chat,
      now: Date.now,
      // Opened by the login's first flush, once its rooms are being joined (chat-sync.ts `afterLogin`).
      closedUntilFlushed: true,
    });
    outbox = queue;
    const runtime: ChatRuntime = {
      service,
      chat,
      modules: moduleCarrier(chat),
      own: ownMessages(chat, queue),
      outbox: queue,
      me: credentials.quickBloxId,
      queryClient,
      async renew() {
        // Quiet: a failure is the renewal's to handle (link-events.ts), but for a portal session
        // that ended (kicked, signed out), which the connections hand to the portal's policy
        // (connections.ts: spec §8, the login page with the server's message).
        credentials = await calls.credentials({ quiet: true });
        await renewer.renew();
        if (!chat.isConnected)
          await chat.connect({ userId: credentials.quickBloxId, token: service.client.token! });
      },
    };
    unwire.push(
      bridgeStanzas(chat, traffic),
      wireLink(runtime, state),
      wirePageLifecycle(chat, window, () => {
        for (const plugin of plugins) plugin.pageLeft?.();
      }),
      queue.on('unsent', (count) => state.waiting(count)),
      ...plugins.map((plugin) => plugin.wire?.(runtime) ?? (() => undefined)),
    );
    // What an earlier page of this provider left unsent waits first, in order, and shows as waiting;
    // what the history already holds was delivered before the reload and is not sent again.
    const delivered: StoredOutgoing[] = [];
    const restored = await step(
      undeliveredRecords(
        await step(claimOutbox(outboxStore, credentials.quickBloxId, tabs)),
        historyLookup(service),
        (record) => delivered.push(record),
      ),
    );
    queue.takeOver(restored, delivered);
    try {
      await step(chat.connect({ userId: credentials.quickBloxId, token: service.client.token! }));
    } catch (error) {
      fail('errors.connect', error);
    }
    state.loaded(runtime);
    // The sliding two-hour session (spec §9) is kept alive while the tab chats.
    const keepAlive = () => {
      stopExpiryWatch = service.client.expiry.watch(() => {
        service.client.getSession().then(keepAlive, keepAlive);
      });
    };
    keepAlive();
    try {
      for (const plugin of plugins) await step(plugin.afterLogin?.(runtime));
    } finally {
      // Rooms are joined now: what waited (also from an earlier page) goes out. A plugin's step
      // that throws must not keep the outbox shut with the chat up (a dialog list that failed does
      // not throw: features/chat/chat-sync.ts joins its rooms once a later listing comes).
      if (!stop.signal.aborted) queue.flush();
    }
  }

  run().catch((error: unknown) => {
    if (stop.signal.aborted || error instanceof LoginStepFailed) return;
    console.error('Chat login failed', error);
  });

  return () => {
    stop.abort();
    stopExpiryWatch();
    for (const off of unwire) off();
    state.stop();
    for (const plugin of plugins) plugin.reset?.();
    outbox?.stop();
    // Lets the shared connection go (a holder closes its stream, the next tab takes over).
    const left = share;
    share = null;
    if (left) void left.chat.disconnect().finally(left.close);
  };
}
