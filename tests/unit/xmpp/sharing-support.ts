/**
 * Test doubles for the shared chat connection (src/xmpp/sharing): a BroadcastChannel-like bus
 * that copies every message with the structured clone algorithm (so classes are lost on the way,
 * as between real tabs) and delivers it on a later task, a first-come Web Locks double whose
 * holder can "crash" (its lock goes without its page running any code), and tabs on both, each
 * with its own mock transport for the day it holds the connection.
 */
import {
  createChatClient,
  createSharedChatClient,
  type ChatEvents,
  type ChatFeature,
  type EventSource,
  type SharedChatClient,
} from '../../../src/xmpp';
import type { HolderLocks } from '../../../src/xmpp/sharing/shared-client';
import type { ShareChannel, ShareMessage } from '../../../src/xmpp/sharing/protocol';
import { createMockTransport, type MockTransport } from '../../../src/xmpp/testing';

interface Member {
  listeners: Set<(message: ShareMessage) => void>;
  closed: boolean;
}

export function createBus(): { channel(): ShareChannel; posted: ShareMessage[] } {
  const members = new Set<Member>();
  const posted: ShareMessage[] = [];
  return {
    posted,
    channel() {
      const me: Member = { listeners: new Set(), closed: false };
      members.add(me);
      return {
        post(message) {
          if (me.closed) return;
          posted.push(message);
          const copy = structuredClone(message);
          for (const other of members) {
            if (other === me) continue;
            setTimeout(() => {
              if (!other.closed) for (const listener of [...other.listeners]) listener(copy);
            }, 0);
          }
        },
        listen(listener) {
          me.listeners.add(listener);
          return () => me.listeners.delete(listener);
        },
        close() {
          me.closed = true;
          members.delete(me);
        },
      };
    },
  };
}

interface Waiter {
  owner: string;
  hold: () => Promise<void>;
  done: () => void;
}

/** One exclusive lock, granted in the order asked, released when its holder's promise settles or it crashes. */
export function createLocks(): {
  forTab(owner: string): HolderLocks;
  crash(owner: string): void;
  holder(): string | null;
} {
  const queue: Waiter[] = [];
  let held: { owner: string; release(): void } | null = null;
  function grant(): void {
    if (held || queue.length === 0) return;
    const next = queue.shift()!;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      if (held?.owner === next.owner) held = null;
      next.done();
      setTimeout(grant, 0);
    };
    held = { owner: next.owner, release };
    next.hold().then(release, release);
  }
  return {
    forTab: (owner) => ({
      request(_name, signal, hold) {
        return new Promise<void>((resolve) => {
          const waiter: Waiter = { owner, hold, done: resolve };
          queue.push(waiter);
          signal.addEventListener('abort', () => {
            const index = queue.indexOf(waiter);
            if (index >= 0) queue.splice(index, 1);
            resolve();
          });
          setTimeout(grant, 0);
        });
      },
    }),
    crash(owner) {
      if (held?.owner === owner) held.release();
    },
    holder: () => held?.owner ?? null,
  };
}

export interface TestTab {
  id: string;
  chat: SharedChatClient;
  mock: MockTransport;
  /** How many clients of its own the tab made (once per time it took the connection over). */
  clients(): number;
  /** Its page dies: no code runs, its channel and its lock go. */
  crash(): void;
}

export function createTab(
  bus: ReturnType<typeof createBus>,
  locks: ReturnType<typeof createLocks>,
  id: string,
): TestTab {
  const mock = createMockTransport();
  const channel = bus.channel();
  let clients = 0;
  const chat = createSharedChatClient({
    name: 'portal-chat:test',
    locks: locks.forTab(id),
    channel,
    tab: id,
    domain: 'localhost',
    appId: 1001,
    transport: 'websocket',
    createClient: async () => {
      clients += 1;
      return createChatClient({
        service: 'ws://chat.test/xmpp-websocket',
        domain: 'localhost',
        appId: 1001,
        resource: id,
        keepAliveIntervalMs: 0,
        transportFactory: mock.factory,
      });
    },
  });
  return {
    id,
    chat,
    mock,
    clients: () => clients,
    crash() {
      channel.close();
      locks.crash(id);
    },
  };
}

export const CREDENTIALS = { userId: 100001, password: 'secret' } as const;

/** Resolves with the next payload of an event of the client (`owner` 'client') or of one of its features. */
export function next<O extends keyof ChatEvents, K extends keyof ChatEvents[O]>(
  chat: SharedChatClient,
  owner: O,
  event: K,
): Promise<ChatEvents[O][K]> {
  const source = (owner === 'client' ? chat : chat[owner as ChatFeature]) as unknown as EventSource<
    ChatEvents[O]
  >;
  return new Promise((resolve) => source.once(event, resolve));
}
