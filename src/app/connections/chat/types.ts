/** What the chat connection hands to its users (the Messages feature, calls, the console). */
import type { QueryClient } from '@tanstack/react-query';
import type { ChatCore } from '../../../rest';
import type { ChatAccountInfo } from '../../../shared/api/chat';
import type { ChatCredentials } from '../../../shared/api/chat-identity';
import type { ChatClient, DialogDescriptor, DialogMessage, ModuleCarrier } from '../../../xmpp';
import type { ChatOutbox } from './chat-outbox';
import type { OwnMessages } from './own-messages';

/** Something that waits for the connection: a message, or a read marker (spec §3 "wait for send"). */
export type Outgoing =
  | { kind: 'message'; dialog: DialogDescriptor; message: DialogMessage }
  | { kind: 'read'; messageId: string; userId: number; dialogId: string };

/** The running chat of this tab, from a login that succeeded until sign-out. */
export interface ChatRuntime {
  /** The chat-service REST client (docs/wire/hosted-chat.md §3–§9). */
  service: ChatCore;
  /** The XMPP client: messages, markers, rooms, roster (docs/wire/hosted-chat.md §14). */
  chat: ChatClient;
  /** Other modules' headlines in and out, e.g. call signalling (docs/wire/hosted-chat.md §14). */
  modules: ModuleCarrier;
  /** Messages other modules send into a dialog (a call's end message), shown as ours (own-messages.ts). */
  own: OwnMessages;
  me: number;
  queryClient: QueryClient;
  /**
   * The one owner of what is given to the chat (chat-outbox.ts): `give` sends now, or keeps it in
   * order until the connection is back (spec §5, §3 "wait for send"); `flush` sends what waits
   * (after a login, a resumption or a reconnect); `on` tells what it holds as it comes and goes —
   * a message given here or left by an earlier page, then its acknowledgement — which the
   * conversation shows.
   */
  outbox: Pick<ChatOutbox, 'give' | 'flush' | 'on'>;
  /** A fresh chat-service session and login, then (if the chat is down) a connect with its token. */
  renew(): Promise<void>;
}

/**
 * A feature's part in the chat's life (the signed-in shell hands these to the connection): it
 * keeps its own state in step with the connection without the connection knowing the feature.
 */
export interface ChatPlugin {
  /** The chat account arrived (its unread counts per dialog, spec §1 red dots). */
  account?(account: ChatAccountInfo): void;
  /** Wires the plugin's events once the client exists, before the first login; returns the unwiring. */
  wire?(runtime: ChatRuntime): () => void;
  /** After the first login succeeded (dialogs, blocked users, rooms). */
  afterLogin?(runtime: ChatRuntime): Promise<void>;
  /** The chat stopped for good (sign-out, a page without chat): drop what was kept. */
  reset?(): void;
  /**
   * The page is being left — closed, reloaded, navigated away or put in the back/forward cache
   * (page-lifecycle.ts) — and the chat is still there: what the plugin sends now still goes.
   */
  pageLeft?(): void;
}

/**
 * The own-API calls the chat's login flow makes (spec §7): the chat credentials
 * (`/message/qb/user/getInfo`; `quiet` when a renewal should not show the server's message) and the
 * chat account info with the unread counts per dialog.
 */
export interface ChatAccountCalls {
  credentials(extra?: { quiet?: boolean }): Promise<ChatCredentials>;
  account(): Promise<ChatAccountInfo>;
}
