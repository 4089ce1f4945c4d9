/**
 * A conversation's history from the chat-service REST (docs/wire/hosted-chat.md §5.2), paged
 * backwards (spec §9 page size 10) and caught up after a reconnect from the newest message we
 * know (docs/lessons.md §4). Nothing is marked read by listing (`mark_as_read=0`): messages are read
 * when seen. Failures show spec §8 'Failed to get chat history!'.
 */
import i18next from 'i18next';
import { CHAT_PAGE_SIZE } from '../../../shared/constants';
import type { ChatStore } from './chat-store';
import type { ChatRuntime } from '../../connections';
import { entriesFromHistory } from './convert';
import { catchUpQuery, olderPageQuery } from './entries';

const CATCH_UP_PAGE = 100;

/** Loads the newest page, or the page before what we hold. */
export async function loadHistory(store: ChatStore, runtime: ChatRuntime, dialogId: string): Promise<void> {
  const conversation = store.conversationOf(dialogId);
  if (conversation.loading) return;
  const anchored = conversation.loaded ? olderPageQuery(conversation.entries, CHAT_PAGE_SIZE) : null;
  if (conversation.loaded && !anchored) return store.setHistoryState(dialogId, { hasOlder: false });
  store.setHistoryState(dialogId, { loading: true, failed: false });
  try {
    const page = await runtime.service.messages.list({
      chat_dialog_id: dialogId,
      mark_as_read: 0,
      ...(anchored ?? { sort_desc: 'date_sent', limit: CHAT_PAGE_SIZE }),
    });
    store.addEntries(dialogId, entriesFromHistory(page.items, 'desc', store.sequence));
    store.setHistoryState(dialogId, {
      loaded: true,
      loading: false,
      hasOlder: page.items.length >= CHAT_PAGE_SIZE,
    });
  } catch (error) {
    console.warn('Chat history', error);
    store.setHistoryState(dialogId, { loading: false, failed: true });
    store.say(i18next.t('messages:errors.history'));
  }
}

/** After a reconnect: everything from the newest second we know, merged by id. */
export async function catchUp(store: ChatStore, runtime: ChatRuntime, dialogId: string): Promise<void> {
  const first = catchUpQuery(store.state.conversations[dialogId]?.entries ?? [], CATCH_UP_PAGE);
  if (!first) return;
  for (let skip = 0; ; skip += CATCH_UP_PAGE) {
    const page = await runtime.service.messages.list({
      chat_dialog_id: dialogId,
      mark_as_read: 0,
      ...first,
      skip,
    });
    store.addEntries(dialogId, entriesFromHistory(page.items, 'asc', store.sequence));
    if (page.items.length < CATCH_UP_PAGE) return;
  }
}
