/** Server data of the Messages screen (TanStack Query; docs/architecture.md §3): dialogs and client lookups. */
import { queryOptions } from '@tanstack/react-query';
import { chatCalls } from '../../api/domain-calls';
import { QUERY_ROOTS } from '../../api/query-keys';

export const CHAT_KEY = QUERY_ROOTS.chat;

/** Spec §7 GET /message/qb/doctor/getDialogs: the provider's dialogs, newest message first. */
export const dialogsQuery = () =>
  queryOptions({
    queryKey: [...CHAT_KEY, 'dialogs'],
    queryFn: () => chatCalls.dialogs({ limit: 500 }),
    // Live messages keep the list current; it is fetched again after each (re)connect.
    refetchOnWindowFocus: false,
  });

/** Spec §3 "Client info (from a chat-id lookup)": null for users the provider may not look up. */
export const clientQuery = (chatId: number) =>
  queryOptions({
    queryKey: [...CHAT_KEY, 'client', chatId],
    queryFn: async () => {
      try {
        return await chatCalls.clientByChatId(chatId, { quiet: true });
      } catch {
        // Not one of the provider's clients (404): shown by chat id only.
        return null;
      }
    },
    staleTime: 10 * 60_000,
  });
