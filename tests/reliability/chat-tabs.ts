/**
 * A provider's portal tabs in Debian's Chromium for the session rows of the fault suite
 * (docs/reliability.md "Tabs and sessions"): a fresh provider signed in through the login page,
 * Clara on the vendor's app (an @xmpp/client member who opened a dialog with her, so her messages
 * are what the SDK sends), tabs opened on the conversation with the chat online, what their
 * conversation shows, which tab holds the browser's one chat connection, and the chat sessions
 * Prosody holds for the provider.
 */
import type { Browser, BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { member } from '../../fixtures';
import { freshChatProvider } from '../e2e/messages-support';
import { chatSessionsOf } from '../support/chat-sessions';
import { bsonId, chatMessage, historyPeer, type Peer } from '../support/history';
import { qbClient } from '../support/qb';
import { stopPeer } from '../support/xmpp-peer';
import { poll, type SuiteContext } from './context';

const CLARA = 'Clara Jensen';

/**
 * A portal tab. The tabs of the browser share one chat connection, held by one of them
 * (docs/architecture.md §3 "One chat connection per browser"): only the holder has a chat stream.
 */
export interface ChatTab {
  page: Page;
  /** Whether the tab holds the browser's chat connection now (its chat WebSocket is open). */
  holds(): boolean;
  /** The full JID of the stream it last held ('' if it never held one). */
  jid: string;
  /**
   * Whether its stream has acknowledged every stanza it received (XEP-0198 `<a h/>`, sent half a
   * second after the first one not acknowledged): then nothing it showed is left at the server.
   */
  acknowledged(): boolean;
  /** Cuts its sockets and refuses new ones, as when the network goes (HTTP goes offline too). */
  cutNetwork(): Promise<void>;
}

export interface ChatTabs {
  context: BrowserContext;
  chatId: number;
  email: string;
  password: string;
  /** Prosody's account name, `{chatId}-{appId}`. */
  node: string;
  /** The first tab, signed in through the login page. */
  home: ChatTab;
  /**
   * Ids of the chat messages with a body (carbons aside) that the browser's chat streams received
   * and the page handled, whichever tab held them, in order: a copy counts once the stream
   * acknowledged it (XEP-0198 `<a h/>`, sent by the client after it handled the stanza). A copy
   * written to the socket of a tab that was closing or crashing reaches no page, is never
   * acknowledged, and the server hands it on when that session ends (docs/reliability.md "Soak").
   */
  readonly received: string[];
  /** Ids of the copies that reached a stream whose page went before handling them, in order. */
  readonly unhandled: string[];
  /**
   * How every copy came, handled or not, in order: which tab (1 the first), which of its streams
   * (1 its first), addressed to the account or to one resource, with a delay stamp (XEP-0203:
   * held and sent again) or not, and whether the page handled it. A doubled id says by these
   * where its second copy came from.
   */
  arrivals: Arrival[];
  /** Opens another tab on the conversation with Clara; resolves once its chat is online. */
  open(): Promise<ChatTab>;
  /** Waits until the tab's chat is online (its Messages screen says so). */
  online(tab: ChatTab): Promise<void>;
  /** Reloads a tab; resolves once it is back on the Messages screen with its chat online. */
  reload(tab: ChatTab): Promise<void>;
  /** Clara sends a chat message to the provider (her bare JID unless `to` is given); answers its id. */
  clara(text: string, to?: string): Promise<string>;
  /**
   * Clara calls the provider (a `call` signal, docs/wire/hosted-chat.md §20.1, without media):
   * every tab rings; `hangUp` ends the ring.
   */
  ring(sessionId: string, signalType?: 'call' | 'hangUp'): Promise<void>;
  /** Waits until the tab's conversation shows `text`. */
  shows(tab: ChatTab, text: string): Promise<void>;
  /** How many times the tab's conversation shows `text` now. */
  times(tab: ChatTab, text: string): Promise<number>;
  /** Error stanzas Clara received for messages she sent (bounces). */
  bounced(): Promise<string[]>;
  /** The provider's chat sessions as Prosody lists them (hibernating ones included). */
  sessions(): Promise<number>;
  close(): Promise<void>;
}

export interface Arrival {
  id: string;
  tab: number;
  stream: number;
  to: 'account' | 'resource';
  delayed: boolean;
  /** Whether the stream acknowledged it (the page handled it), as far as its stream went. */
  readonly handled: boolean;
}

/**
 * How each copy of message `id` came: "tab 2 stream 1, to the account and tab 5 stream 2, to the
 * account, delayed", each followed by what `during` says of its place in `arrivals` (a step).
 */
export function cameAs(arrivals: readonly Arrival[], id: string, during?: (index: number) => string): string {
  return arrivals
    .flatMap((a, i) =>
      a.id === id
        ? [
            `tab ${a.tab} stream ${a.stream}, to the ${a.to}${a.delayed ? ', delayed' : ''}${a.handled ? '' : ', never handled'}${during ? ` (${during(i)})` : ''}`,
          ]
        : [],
    )
    .join(' and ');
}

/**
 * Follows a page's chat streams (it holds one while its chat WebSocket is open): the bound JID,
 * and how many stanzas the open one received and acknowledged since stream management began.
 */
function followChat(
  page: Page,
  tab: Pick<ChatTab, 'jid'>,
  arrivals: Arrival[],
  tabNumber: number,
): { holds(): boolean; acknowledged(): boolean } {
  const open = new Map<object, { received: number; acknowledged: number }>();
  let streams = 0;
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/xmpp-websocket')) return;
    const stream = ++streams;
    const counts = { received: 0, acknowledged: 0 };
    open.set(ws, counts);
    ws.on('close', () => open.delete(ws));
    ws.on('framereceived', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString();
      const bound = /<jid>([^<]+)<\/jid>/.exec(text);
      if (bound) tab.jid = bound[1]!;
      if (/^<enabled\b/.test(text)) counts.received = counts.acknowledged = 0;
      else if (/^<(message|presence|iq)\b/.test(text)) counts.received += 1;
      if (/^<message\b/.test(text) && text.includes('<body') && !/urn:xmpp:carbons/.test(text)) {
        const head = /^<message\b[^>]*>/.exec(text)?.[0] ?? '';
        const id = /\bid=['"]([^'"]+)['"]/.exec(head)?.[1];
        if (id) {
          const to = /\bto=['"]([^'"]+)['"]/.exec(head)?.[1] ?? '';
          const delayed = /<delay\b/.test(text);
          // Its place in the stream's count of received stanzas (XEP-0198 §4 `h`).
          const seq = counts.received;
          arrivals.push({
            id,
            tab: tabNumber,
            stream,
            to: to.includes('/') ? 'resource' : 'account',
            delayed,
            get handled() {
              return counts.acknowledged >= seq;
            },
          });
        }
      }
    });
    ws.on('framesent', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString();
      const h = /^<a\b[^>]*\bh=['"](\d+)['"]/.exec(text)?.[1];
      if (h) counts.acknowledged = Number(h);
    });
  });
  return {
    holds: () => open.size > 0,
    acknowledged: () => [...open.values()].every((c) => c.acknowledged >= c.received),
  };
}

export async function chatTabs(
  suite: SuiteContext,
  browser: Browser,
  prefix: string,
  options: { clock?: boolean } = {},
): Promise<ChatTabs> {
  const { stack } = suite;
  const context = await browser.newContext({
    baseURL: stack.url,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  });
  // Playwright's clock, for the idle logoff: time flows as usual until a test moves it on.
  if (options.clock) await context.clock.install();
  const provider = await freshChatProvider(context.request, prefix, stack.dataDir);
  const node = `${provider.chatId}-${stack.appId}`;
  const providerJid = `${node}@${stack.chatDomain}`;
  const clara = member('clara');
  const qb = qbClient(stack.url);
  const dialog = await qb.call<{ _id: string }>('POST', '/chat/Dialog.json', {
    token: await qb.memberSession('clara'),
    form: { type: 3, occupants_ids: String(provider.chatId) },
  });
  if (dialog.status !== 201 && dialog.status !== 200)
    throw new Error(`Clara could not open a dialog: ${dialog.status}`);
  const dialogId = dialog.body._id;
  const peer: Peer = await historyPeer({
    service: `ws://127.0.0.1:${stack.port}/xmpp-websocket`,
    domain: stack.chatDomain,
    username: `${clara.chatId}-${stack.appId}`,
    password: clara.chatPassword,
    resource: `${prefix}-clara`,
  });
  const errors: string[] = [];
  const sent = new Set<string>();
  const arrivals: Arrival[] = [];
  let tabs = 0;
  peer.on('stanza', (stanza) => {
    if (stanza.attrs.type === 'error' && sent.has(String(stanza.attrs.id)))
      errors.push(String(stanza.attrs.id));
  });

  async function tabOn(page: Page, go: () => Promise<unknown>): Promise<ChatTab> {
    let cut = false;
    const live = new Set<WebSocketRoute>();
    await page.routeWebSocket(/\/(xmpp-websocket|socket)$/, (ws) => {
      if (cut) return void ws.close({ code: 1008, reason: 'network down' });
      const server = ws.connectToServer();
      live.add(ws);
      ws.onClose(() => {
        live.delete(ws);
        void server.close();
      });
      server.onClose(() => {
        live.delete(ws);
        void ws.close();
      });
    });
    const tab: ChatTab = {
      page,
      holds: () => chat.holds(),
      acknowledged: () => chat.acknowledged(),
      jid: '',
      async cutNetwork() {
        cut = true;
        await page
          .context()
          .newCDPSession(page)
          .then((cdp) =>
            cdp.send('Network.emulateNetworkConditions', {
              offline: true,
              latency: 0,
              downloadThroughput: -1,
              uploadThroughput: -1,
            }),
          );
        for (const ws of [...live]) await ws.close({ code: 4000, reason: 'network down' });
      },
    };
    const chat = followChat(page, tab, arrivals, ++tabs);
    await go();
    await page.getByRole('region', { name: `Conversation with ${CLARA}` }).waitFor({ timeout: 60_000 });
    await online(tab);
    return tab;
  }

  /** Online: the Messages screen says its chat is (`data-chat-link`, messages-screen.tsx). */
  async function online(tab: ChatTab): Promise<void> {
    await tab.page.locator('[data-chat-link="online"]').waitFor({ timeout: 60_000 });
  }

  const conversationUrl = `/message?userId=${clara.chatId}`;
  const messagesOf = (tab: ChatTab) =>
    tab.page.getByRole('list', { name: `Messages with ${CLARA}` }).getByRole('listitem');
  const homePage = await context.newPage();
  const home = await tabOn(homePage, async () => {
    await homePage.goto('/login');
    await homePage.getByLabel('Email').fill(provider.email);
    await homePage.getByLabel('Password', { exact: true }).fill(provider.password);
    await homePage.getByRole('button', { name: 'Sign in' }).click();
    await homePage.waitForURL(/\/Dashboard\/Dashboard$/, { timeout: 60_000 });
    await homePage.goto(conversationUrl);
  });

  return {
    context,
    chatId: provider.chatId,
    email: provider.email,
    password: provider.password,
    node,
    home,
    get received() {
      return arrivals.filter((a) => a.handled).map((a) => a.id);
    },
    get unhandled() {
      return arrivals.filter((a) => !a.handled).map((a) => a.id);
    },
    arrivals,
    async open() {
      const page = await context.newPage();
      return tabOn(page, () => page.goto(conversationUrl));
    },
    online,
    async reload(tab) {
      await tab.page.reload();
      // Back on the Messages screen (the conversation's deep link was left for /message).
      await tab.page.getByRole('navigation', { name: 'Conversations' }).waitFor({ timeout: 60_000 });
      await online(tab);
    },
    async clara(text, to = providerJid) {
      const id = bsonId();
      sent.add(id);
      await peer.send(chatMessage(to, text, dialogId, { id }));
      return id;
    },
    async ring(sessionId, signalType = 'call') {
      const { xml } = await import('@xmpp/client');
      const field = (name: string, value: string | number) => xml(name, {}, String(value));
      await peer.send(
        xml(
          'message',
          { to: providerJid, type: 'headline', id: bsonId() },
          xml(
            'extraParams',
            { xmlns: 'jabber:client' },
            field('moduleIdentifier', 'WebRTCVideoChat'),
            field('signalType', signalType),
            field('sessionID', sessionId),
            field('callType', 2),
            field('callerID', clara.chatId),
            xml('opponentsIDs', {}, field('opponentID', provider.chatId)),
            ...(signalType === 'call' ? [field('sdp', 'v=0')] : []),
            field('platform', 'web'),
          ),
        ),
      );
    },
    async shows(tab, text) {
      await messagesOf(tab).filter({ hasText: text }).first().waitFor({ timeout: 60_000 });
    },
    times: (tab, text) => messagesOf(tab).filter({ hasText: text }).count(),
    async bounced() {
      // One round trip on Clara's stream: any error sent to her before it has arrived.
      const { xml } = await import('@xmpp/client');
      await peer.iqCaller.request(
        xml('iq', { type: 'get', to: stack.chatDomain }, xml('ping', { xmlns: 'urn:xmpp:ping' })),
      );
      return [...errors];
    },
    async sessions() {
      return (await chatSessionsOf(stack.dataDir, node)).length;
    },
    async close() {
      await stopPeer(peer);
      await context.close();
    },
  };
}

/** Waits until the provider has at most `most` chat sessions; answers how long that took. */
export async function sessionsAtMost(
  tabs: ChatTabs,
  most: number,
  what: string,
  ms: number,
): Promise<number> {
  const started = Date.now();
  await poll(async () => (await tabs.sessions()) <= most, what, ms);
  return Date.now() - started;
}
