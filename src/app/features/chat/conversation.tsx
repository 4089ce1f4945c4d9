/**
 * One conversation: its header, the message log (message-log.tsx: history paged backwards as the
 * provider scrolls up or asks for it, new messages at the bottom, read markers once on screen in a
 * visible tab; spec §4 Messaging), who is typing, and the composer.
 */
import { isPrivateDialog } from '../../../shared/dialog-type';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useChat, type ChatRuntime } from '../../connections';
import type { ChatStore, ConversationState } from './chat-store';
import { useChatState, useChatStore } from './chat-store-context';
import { Composer } from './composer';
import { ConversationHeader } from './conversation-header';
import { loadHistory } from './history';
import { MessageLog } from './message-log';
import { useChatSlice } from './use-chat-slice';
import { usePerson } from './use-names';

function loadOlder(store: ChatStore, runtime: ChatRuntime | null, dialogId: string) {
  if (runtime) void loadHistory(store, runtime, dialogId);
}

function Typist({ chatId, last }: { chatId: number; last: boolean }) {
  const person = usePerson(chatId);
  return (
    <>
      {person.name}
      {last ? '' : ', '}
    </>
  );
}

function TypingLine({ dialogId }: { dialogId: string }) {
  const { t } = useTranslation('messages');
  const { typing } = useChatState();
  const who = typing[dialogId] ?? [];
  return (
    <p role="status" aria-live="polite" className="h-5 px-4 text-xs text-slate-500 italic">
      {who.length > 0 && (
        <>
          {who.map((id, i) => (
            <Typist key={id} chatId={id} last={i === who.length - 1} />
          ))}{' '}
          {t('typing', { count: who.length })}
        </>
      )}
    </p>
  );
}

export function Conversation({ dialogId, onBack }: { dialogId: string; onBack(): void }) {
  const { t } = useTranslation('messages');
  const store = useChatStore();
  const state = useChatState();
  const chat = useChat();
  const dialog = state.dialogs[dialogId];
  const conversation = useChatSlice((s) => s.conversations[dialogId]) as ConversationState | undefined;
  const empty: ConversationState = {
    entries: [],
    loaded: false,
    loading: false,
    failed: false,
    hasOlder: false,
  };
  const current = conversation ?? empty;
  // The running chat is there once the chat is loaded (spec §4 chat-loaded).
  useEffect(() => {
    if (chat && !conversation?.loaded && !conversation?.loading && !conversation?.failed)
      loadOlder(store, chat, dialogId);
  }, [store, chat, dialogId, conversation?.loaded, conversation?.loading, conversation?.failed]);

  if (!dialog) return null;
  const group = !isPrivateDialog(dialog.type);
  const blocked = dialog.clientChatId !== null && state.blocked.includes(dialog.clientChatId);
  return (
    <section
      aria-label={t('conversationWith', { name: dialog.name })}
      className="flex min-h-0 min-w-0 flex-1 flex-col"
    >
      <ConversationHeader dialog={dialog} onBack={onBack} />
      <MessageLog
        chat={chat}
        dialogId={dialogId}
        label={t('messagesWith', { name: dialog.name })}
        conversation={current}
        me={state.me}
        group={group}
      />
      <TypingLine dialogId={dialogId} />
      <Composer dialogId={dialogId} disabled={blocked} />
    </section>
  );
}
