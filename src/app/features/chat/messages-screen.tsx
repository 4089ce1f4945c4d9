/**
 * /message (spec §2): the chat connection's state, contact requests, the provider's dialogs and
 * the open conversation. `/message?userId={chatId}` (links from Clients and Appointments) opens
 * the conversation with that client, creating the private dialog if there is none yet.
 */
import { isPrivateDialog } from '../../../shared/dialog-type';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useChat } from '../../connections';
import { openDialogWith } from './chat-actions';
import { useChatState, useChatStore } from './chat-store-context';
import { refreshDialogs } from './chat-sync';
import { ConnectionBanner } from './connection-banner';
import { ContactRequests } from './contact-requests';
import { Conversation } from './conversation';
import { DialogList } from './dialog-list';
import { useChatSlice } from './use-chat-slice';

/** Opens the conversation of a deep link once; then the link is done with. */
function useDeepLink(userId: number | null, onHandled: () => void) {
  const store = useChatStore();
  const dialogs = useChatSlice((s) => s.dialogs);
  // The running chat is there once the chat is loaded (spec §4 chat-loaded).
  const chat = useChat();
  const handled = useRef<number | null>(null);
  useEffect(() => {
    if (userId === null || handled.current === userId) return;
    const known = Object.values(dialogs).find(
      (d) => isPrivateDialog(d.type) && d.clientChatId === userId && d.name,
    );
    if (known) {
      handled.current = userId;
      store.setActive(known.id);
      onHandled();
      return;
    }
    if (!chat) return;
    handled.current = userId;
    void openDialogWith(store, chat, userId).then((id) => {
      if (id) store.setActive(id);
      onHandled();
    });
  }, [store, userId, dialogs, chat, onHandled]);
}

export function MessagesScreen({
  userId,
  onDeepLinkHandled,
}: {
  userId: number | null;
  onDeepLinkHandled(): void;
}) {
  const { t } = useTranslation('messages');
  const store = useChatStore();
  const { active, dialogList } = useChatState();
  const dialogs = useChatSlice((s) => s.dialogs);
  // The chat store owns the list (chat-sync.ts); before the chat's login has listed it, the
  // screen asks for it.
  useEffect(() => {
    if (store.state.dialogList !== 'listed') void refreshDialogs(store);
  }, [store]);
  useDeepLink(userId, onDeepLinkHandled);
  const sorted = useMemo(
    () =>
      Object.values(dialogs)
        .filter((d) => d.name)
        .sort((a, b) => (b.lastMessageAt ?? 0) - (a.lastMessageAt ?? 0) || a.name.localeCompare(b.name)),
    [dialogs],
  );
  const open = active && dialogs[active]?.name ? active : null;

  return (
    <div className="flex h-[calc(100vh-8.5rem)] min-h-[30rem] flex-col gap-3">
      <ConnectionBanner />
      <ContactRequests />
      <div className="flex min-h-0 flex-1 overflow-hidden rounded-2xl border border-slate-200 bg-white">
        <aside className="w-72 shrink-0 overflow-hidden border-r border-slate-200 lg:w-80">
          <DialogList
            dialogs={sorted}
            activeId={open}
            loading={dialogList === 'loading'}
            onOpen={store.setActive}
          />
        </aside>
        {open ? (
          <Conversation key={open} dialogId={open} />
        ) : (
          <p className="flex flex-1 items-center justify-center p-6 text-sm text-slate-500">{t('pick')}</p>
        )}
      </div>
    </div>
  );
}
