/**
 * /message (spec §2): the chat connection's state, contact requests, the provider's dialogs and
 * the open conversation. `/message?userId={chatId}` (links from Clients and Appointments) opens
 * the conversation with that client, creating the private dialog if there is none yet;
 * `/message?dialog={id}` opens a group dialog. The address always names the open conversation, so
 * a reload or a shared link shows the same one. Below the `md` breakpoint the list or the open
 * conversation fills the width, and the conversation has a way back to the list.
 */
import { isPrivateDialog } from '../../../shared/dialog-type';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChat, useChatLink } from '../../connections';
import { openDialogWith } from './chat-actions';
import { useChatState, useChatStore } from './chat-store-context';
import { refreshDialogs } from './chat-sync';
import { ConnectionBanner } from './connection-banner';
import { ContactRequests } from './contact-requests';
import { Conversation } from './conversation';
import { DialogList } from './dialog-list';
import { useChatSlice } from './use-chat-slice';

/** Where the open conversation is: its client for a private dialog, else the dialog itself. */
export type ConversationLink = { userId: number } | { dialog: string };

function linkOf(dialog: { id: string; type: number; clientChatId: number | null }): ConversationLink {
  return isPrivateDialog(dialog.type) && dialog.clientChatId
    ? { userId: dialog.clientChatId }
    : { dialog: dialog.id };
}

/**
 * Opens the conversation the address names, once for each address: a client's (creating the
 * private dialog when there is none yet) or a known dialog.
 */
function useLinkedConversation(userId: number | null, dialogId: string | null) {
  const store = useChatStore();
  const dialogs = useChatSlice((s) => s.dialogs);
  // The running chat is there once the chat is loaded (spec §4 chat-loaded).
  const chat = useChat();
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const link = userId !== null ? `user:${userId}` : dialogId !== null ? `dialog:${dialogId}` : null;
    // No address: the next one is opened again, even the last one (gone back and forward).
    if (link === null) handled.current = null;
    if (link === null || handled.current === link) return;
    const known =
      userId !== null
        ? Object.values(dialogs).find((d) => isPrivateDialog(d.type) && d.clientChatId === userId && d.name)
        : dialogs[dialogId!]?.name
          ? dialogs[dialogId!]
          : undefined;
    if (known) {
      handled.current = link;
      store.setActive(known.id);
      return;
    }
    if (userId === null || !chat) return;
    handled.current = link;
    void openDialogWith(store, chat, userId).then((id) => {
      if (id) store.setActive(id);
    });
  }, [store, userId, dialogId, dialogs, chat]);
}

export function MessagesScreen({
  userId,
  dialogId,
  onShown,
  backToList,
  onBack,
}: {
  userId: number | null;
  dialogId: string | null;
  /**
   * The conversation now open, for the address: a `step` when opened from the list with none open
   * (a new entry of the history), else replacing the current entry.
   */
  onShown(link: ConversationLink, step: boolean): void;
  /** The address was reached by a move in the history (the browser's Back): one naming none closes it. */
  backToList: boolean;
  /** The provider went back to the list: the address names no conversation. */
  onBack(): void;
}) {
  const { t } = useTranslation('messages');
  const store = useChatStore();
  const { link } = useChatLink();
  const { active, dialogList } = useChatState();
  const dialogs = useChatSlice((s) => s.dialogs);
  // The chat store owns the list (chat-sync.ts); before the chat's login has listed it, the
  // screen asks for it.
  useEffect(() => {
    if (store.state.dialogList !== 'listed') void refreshDialogs(store);
  }, [store]);
  useLinkedConversation(userId, dialogId);
  const sorted = useMemo(
    () =>
      Object.values(dialogs)
        .filter((d) => d.name)
        .sort((a, b) => (b.lastMessageAt ?? 0) - (a.lastMessageAt ?? 0) || a.name.localeCompare(b.name)),
    [dialogs],
  );
  const open = active && dialogs[active]?.name ? active : null;
  // The conversation the provider came back from, whose row takes focus (docs/conventions.md
  // "Accessibility": focus returns).
  const [left, setLeft] = useState<string | null>(null);
  // Closes the open conversation `id`, back to the list, whose row of it takes focus.
  const close = useCallback(
    (id: string) => {
      setLeft(id);
      store.setActive(null);
    },
    [store],
  );
  // A conversation still open and no address of one: gone back from it, it closes; back on the
  // screen, it is named.
  const openDialog = open ? dialogs[open] : undefined;
  useEffect(() => {
    if (!openDialog || userId !== null || dialogId !== null) return;
    if (!backToList) return onShown(linkOf(openDialog), false);
    close(openDialog.id);
  }, [openDialog, userId, dialogId, backToList, onShown, close]);
  const show = (id: string) => {
    store.setActive(id);
    const dialog = dialogs[id];
    if (dialog) onShown(linkOf(dialog), open === null);
  };

  return (
    // The connection's state on the screen's box, for tools that wait for the chat: the banner
    // does not tell a start that is on time (banner-link.ts).
    <div data-chat-link={link} className="flex h-[calc(100vh-8.5rem)] min-h-[30rem] flex-col gap-3">
      <ConnectionBanner />
      <ContactRequests />
      <div className="flex min-h-0 flex-1 overflow-hidden rounded-2xl border border-slate-200 bg-white">
        <aside
          className={`${open ? 'hidden md:block' : 'w-full'} shrink-0 overflow-hidden border-slate-200 md:w-72 md:border-r lg:w-80`}
        >
          <DialogList
            dialogs={sorted}
            activeId={open}
            focusId={open ? null : left}
            list={dialogList}
            onOpen={show}
            onRetry={() => void refreshDialogs(store)}
          />
        </aside>
        {open ? (
          <Conversation
            key={open}
            dialogId={open}
            onBack={() => {
              close(open);
              onBack();
            }}
          />
        ) : (
          <p className="hidden flex-1 items-center justify-center p-6 text-sm text-slate-500 md:flex">
            {t('pick')}
          </p>
        )}
      </div>
    </div>
  );
}
