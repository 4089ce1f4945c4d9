/**
 * Server data of the Messages screen (TanStack Query; docs/architecture.md §3): client lookups.
 * The dialog list is not here: the chat store owns it (chat-sync.ts `refreshDialogs`).
 */
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../../rest';
import type { PortalApi } from '../../api/api-client';
import { chatCalls } from '../../api/domain-calls';
import { QUERY_ROOTS } from '../../api/query-keys';
import type { ChatRuntime } from '../../connections';

export const CHAT_KEY = QUERY_ROOTS.chat;

/** Spec §3 "Client info (from a chat-id lookup)": null for users the provider may not look up. */
export const clientQuery = (api: PortalApi, chatId: number) =>
  queryOptions({
    queryKey: [...CHAT_KEY, 'client', chatId],
    queryFn: async () => {
      try {
        return await chatCalls(api).clientByChatId(chatId, { quiet: true });
      } catch (error) {
        // Not one of the provider's clients (an answer of 4xx): shown by chat id only. A failure
        // that asking again may mend (offline, 5xx) is not kept as "nobody" for ten minutes.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) return null;
        throw error;
      }
    },
    staleTime: 10 * 60_000,
  });

/**
 * A chat user's name from the chat service (docs/wire/hosted-chat.md §4 `GET /users/{id}.json`:
 * `full_name`, else `login`), for someone who is not (yet) one of the provider's clients, such as a
 * member asking to be a contact; null when the service does not know the user.
 */
export const chatUserNameQuery = (runtime: ChatRuntime | null, chatId: number) =>
  queryOptions({
    queryKey: [...CHAT_KEY, 'chatUserName', chatId],
    queryFn: async () => {
      if (!runtime) return null;
      try {
        const user = (await runtime.service.users.get(chatId)) as {
          full_name?: string | null;
          login?: string;
        };
        return user.full_name || user.login || null;
      } catch (error) {
        console.warn('Chat user lookup', error);
        return null;
      }
    },
    enabled: runtime !== null,
    staleTime: 10 * 60_000,
  });
