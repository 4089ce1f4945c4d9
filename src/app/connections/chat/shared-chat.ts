/**
 * One chat connection for all the tabs of this browser (docs/architecture.md §3 "One chat
 * connection per browser"): the chat stack's shared client (src/xmpp sharing) with the
 * browser's Web Locks API electing the tab that holds the connection and a BroadcastChannel
 * between the tabs. Tabs meet under the chat user's id (and the sharing protocol's version, so a
 * tab of an older build keeps to itself). Without Web Locks or BroadcastChannel each tab has a
 * connection of its own, as before.
 */
import {
  SHARE_PROTOCOL,
  createChatClient,
  createSharedChatClient,
  type ChatClient,
  type ChatClientOptions,
  type HolderLocks,
  type ShareChannel,
  type ShareMessage,
  type SharedChatClient,
} from '../../../xmpp';

export interface TabChat {
  chat: ChatClient | SharedChatClient;
  /** Closes the channel to the other tabs (after the chat stopped). */
  close(): void;
}

function browserLocks(locks: LockManager): HolderLocks {
  return {
    request: (name, signal, hold) =>
      locks.request(name, { signal }, hold).then(
        () => undefined,
        (error: unknown) => {
          // Giving up the wait (the tab stopped first) is how a follower leaves.
          if (!(error instanceof DOMException && error.name === 'AbortError')) throw error;
        },
      ),
  };
}

function browserChannel(name: string): ShareChannel {
  const channel = new BroadcastChannel(name);
  return {
    post: (message) => channel.postMessage(message),
    listen(listener) {
      const onMessage = (event: MessageEvent<ShareMessage>) => listener(event.data);
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
    close: () => channel.close(),
  };
}

/**
 * This tab's chat: shared with the browser's other tabs of the same chat user where the browser
 * allows it. `options` make this tab's own client if it comes to hold the connection; `service`
 * is chosen then (a WebSocket probe, xmpp-service.ts), not by every tab.
 */
export function tabChat(
  owner: number,
  options: Omit<ChatClientOptions, 'service'> & { service(): Promise<string> },
): TabChat {
  const { service, ...clientOptions } = options;
  const makeClient = async () => createChatClient({ ...clientOptions, service: await service() });
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks || typeof BroadcastChannel === 'undefined') {
    const own = createLateClient(makeClient, options.domain, options.appId);
    return { chat: own, close: () => undefined };
  }
  const name = `portal-chat:${SHARE_PROTOCOL}:${owner}`;
  const channel = browserChannel(name);
  const chat = createSharedChatClient({
    name,
    locks: browserLocks(locks),
    channel,
    createClient: makeClient,
    domain: options.domain,
    appId: options.appId,
    transport: 'websocket',
  });
  return { chat, close: () => channel.close() };
}

/**
 * A tab of its own (no sharing): a shared client whose lock is always granted at once and whose
 * channel reaches nobody, so it behaves as one client made when it first connects.
 */
function createLateClient(
  createClient: () => Promise<ChatClient>,
  domain: string,
  appId: number,
): SharedChatClient {
  const nobody: ShareChannel = {
    post: () => undefined,
    listen: () => () => undefined,
    close: () => undefined,
  };
  return createSharedChatClient({
    name: 'portal-chat:own',
    locks: { request: (_name, _signal, hold) => hold() },
    channel: nobody,
    createClient,
    domain,
    appId,
    transport: 'websocket',
  });
}
