/**
 * The shared chat client's contract (docs/architecture.md §3 "One chat connection per browser"):
 * what a tab hands in (its lock manager, channel and client factory) and what it gets back.
 */
import type { ChatClient } from '../client-types';
import type { TransportKind } from '../transport/types';
import type { ShareChannel } from './protocol';
import type { ShareRole } from './role';

/** An exclusive lock shared by the tabs (the Web Locks API in the browser). */
export interface HolderLocks {
  /**
   * Waits for the lock `name`, then runs `hold` and keeps the lock until the promise it returns
   * settles (or the page goes). Aborting `signal` while waiting gives the wait up.
   */
  request(name: string, signal: AbortSignal, hold: () => Promise<void>): Promise<void>;
}

export interface SharedChatOptions {
  /** Tabs that give the same name share one connection (the portal: its chat user). */
  name: string;
  locks: HolderLocks;
  channel: ShareChannel;
  /** This tab's own client, made when it takes the connection over (it may choose the transport first). */
  createClient(): Promise<ChatClient>;
  /** The chat domain and application id, for the addressing helpers. */
  domain: string;
  appId: number;
  /** What `transport` says until a holder tells. */
  transport: TransportKind;
  /** This tab's id; random by default. */
  tab?: string;
}

export interface SharedChatClient extends ChatClient {
  /** This tab's part: idle, following the holder, or holding the connection. */
  readonly role: ShareRole;
  /**
   * The page is hidden in the back/forward cache or frozen: its tab lets the connection go, so
   * another tab can hold it, until {@link SharedChatClient.resume}.
   */
  suspend(): void;
  /** The page is back: the tab joins again (and reports `reconnect` once online). */
  resume(): void;
}
