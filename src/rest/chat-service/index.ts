/**
 * The chat-service REST client (docs/wire/hosted-chat.md §1–§10): `createChatService(options)` gives
 * the core client (sessions, tokens, expiry, the expired-session retry) and one API per resource.
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

export function createChatService(options: ChatServiceOptions) {
  const client = new ChatServiceClient(options);
  return {
    client,
    users: chatUsers(client),
    dialogs: chatDialogs(client),
    messages: chatMessages(client),
    content: chatContent(client),
    data: chatData(client),
    addressBook: chatAddressBook(client),
    push: chatPush(client),
    ai: chatAi(client),
    /** §2.8 endpoints and ICE servers of this deployment. */
    accountSettings: () => client.request<AccountSettings>({ path: 'account_settings.json', auth: false }),
  };
}

export type ChatService = ReturnType<typeof createChatService>;
