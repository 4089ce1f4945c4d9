/**
 * The chat-service REST client (docs/wire/hosted-chat.md §1–§10): `createChatService(options)` gives
 * the core client (sessions, tokens, expiry, the expired-session retry) and one API per resource.
 * `createChatCore(options)` gives the resources a chat screen uses (§3–§6), without custom objects,
 * the address book, push and AI (§7–§10), so the portal's chat connection does not carry them
 * (docs/performance.md "Route budgets").
 */
import { chatAddressBook } from './address-book';
import { chatAi } from './ai';
import { chatDialogs, chatMessages } from './chat';
import { ChatServiceClient, type ChatServiceOptions } from './client';
import { chatContent } from './content';
import { chatData } from './data';
import { chatPush } from './push';
import type { AccountSettings } from './types';
import { chatUsers } from './users';

export function createChatCore(options: ChatServiceOptions) {
  const client = new ChatServiceClient(options);
  return {
    client,
    users: chatUsers(client),
    dialogs: chatDialogs(client),
    messages: chatMessages(client),
    content: chatContent(client),
    /** §2.8 endpoints and ICE servers of this deployment. */
    accountSettings: () => client.request<AccountSettings>({ path: 'account_settings.json', auth: false }),
  };
}

export function createChatService(options: ChatServiceOptions) {
  const core = createChatCore(options);
  return {
    ...core,
    data: chatData(core.client),
    addressBook: chatAddressBook(core.client),
    push: chatPush(core.client),
    ai: chatAi(core.client),
  };
}

export type ChatCore = ReturnType<typeof createChatCore>;
export type ChatService = ReturnType<typeof createChatService>;
