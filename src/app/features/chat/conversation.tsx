/**
 * One conversation: history paged backwards as the provider scrolls up (or asks for it), new
 * messages at the bottom, read markers for messages once they are on screen in a visible tab
 * (spec §4 Messaging), who is typing, and the composer.
 */
import { isPrivateDialog } from '../../../shared/dialog-type';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/button';
import { useChat, type ChatRuntime } from '../../connections';
import { markSeen } from './chat-actions';
import { chatStore, type ConversationState } from './chat-store';
import { Composer } from './composer';
import { ConversationHeader } from './conversation-header';
import { loadHistory } from './history';
import { MessageBubble } from './message-bubble';
import { usePerson } from './use-names';

const NEAR_BOTTOM_PX = 80;

function loadOlder(runtime: ChatRuntime | null, dialogId: string) {
  if (runtime) void loadHistory(runtime, dialogId);
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
  const { typing } = useSnapshot(chatStore);
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

function SenderName({ chatId }: { chatId: number }) {
  return <>{usePerson(chatId).name}</>;
}

/** Keeps the view at the bottom for new messages, and in place when older ones are added above. */
function useScrollKeeping(
  log: React.RefObject<HTMLDivElement | null>,
  list: React.RefObject<HTMLOListElement | null>,
  conversation: ConversationState,
  me: number | null,
) {
  const previous = useRef({ first: '', last: '', height: 0, nearBottom: true });
  useLayoutEffect(() => {
    const element = log.current;
    if (!element) return;
    const first = conversation.entries[0]?.id ?? '';
    const lastEntry = conversation.entries.at(-1);
    const last = lastEntry?.id ?? '';
    const before = previous.current;
    if (first !== before.first && last === before.last && before.height > 0) {
      element.scrollTop += element.scrollHeight - before.height;
    } else if (before.nearBottom || (last !== before.last && lastEntry?.senderId === me)) {
      // At the bottom we stay there (also when an image above has loaded meanwhile); a message of
      // ours brings us there.
      element.scrollTop = element.scrollHeight;
    }
    previous.current = {
      first,
      last,
      height: element.scrollHeight,
      nearBottom: element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX,
    };
  }, [log, conversation.entries, me]);
  // Images load after the layout: stay at the bottom if we were there.
  useEffect(() => {
    const element = log.current;
    const content = list.current;
    if (!element || !content) return;
    const observer = new ResizeObserver(() => {
      if (previous.current.nearBottom) element.scrollTop = element.scrollHeight;
      previous.current.height = element.scrollHeight;
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, [log, list]);
  // Measured against the height we last laid out: content that grew since (an image loading)
  // must not make a scroll we caused look like the provider scrolling away.
  return () => {
    const element = log.current;
    if (element)
      previous.current.nearBottom =
        previous.current.height - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
  };
}

/** Read markers for other people's unread messages once half of them is on screen. */
function useReadWhenSeen(
  chat: ChatRuntime | null,
  log: React.RefObject<HTMLDivElement | null>,
  dialogId: string,
  entries: unknown,
) {
  useEffect(() => {
    const root = log.current;
    if (!root) return;
    const onScreen = new Set<string>();
    const flush = () => {
      if (document.visibilityState === 'visible' && onScreen.size > 0)
        markSeen(chat, dialogId, [...onScreen]);
    };
    const observer = new IntersectionObserver(
      (records) => {
        for (const record of records) {
          const id = (record.target as HTMLElement).dataset.entry!;
          if (record.isIntersecting) onScreen.add(id);
          else onScreen.delete(id);
        }
        flush();
      },
      { root, threshold: 0.5 },
    );
    for (const element of root.querySelectorAll('[data-unread]')) observer.observe(element);
    document.addEventListener('visibilitychange', flush);
    return () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', flush);
    };
  }, [chat, log, dialogId, entries]);
}

/** Asks for older messages whenever the top of the list is in view. */
function useOlderOnTop(
  chat: ChatRuntime | null,
  top: React.RefObject<HTMLDivElement | null>,
  dialogId: string,
  conversation: ConversationState,
) {
  const ready = conversation.loaded && conversation.hasOlder && !conversation.loading && !conversation.failed;
  useEffect(() => {
    const element = top.current;
    if (!element || !ready) return;
    const observer = new IntersectionObserver((records) => {
      if (records.some((r) => r.isIntersecting)) loadOlder(chat, dialogId);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [chat, top, dialogId, ready, conversation.entries.length]);
}

export function Conversation({ dialogId }: { dialogId: string }) {
  const { t } = useTranslation('messages');
  const state = useSnapshot(chatStore);
  const chat = useChat();
  const dialog = state.dialogs[dialogId];
  const conversation = state.conversations[dialogId] as ConversationState | undefined;
  const log = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const empty: ConversationState = {
    entries: [],
    loaded: false,
    loading: false,
    failed: false,
    hasOlder: false,
  };
  const current = conversation ?? empty;
  const onScroll = useScrollKeeping(log, list, current, state.me);
  useReadWhenSeen(chat, log, dialogId, current.entries);
  useOlderOnTop(chat, top, dialogId, current);
  // The running chat is there once the chat is loaded (spec §4 chat-loaded).
  useEffect(() => {
    if (chat && !conversation?.loaded && !conversation?.loading && !conversation?.failed)
      loadOlder(chat, dialogId);
  }, [chat, dialogId, conversation?.loaded, conversation?.loading, conversation?.failed]);

  if (!dialog) return null;
  const group = !isPrivateDialog(dialog.type);
  const blocked = dialog.clientChatId !== null && state.blocked.includes(dialog.clientChatId);
  return (
    <section
      aria-label={t('conversationWith', { name: dialog.name })}
      className="flex min-h-0 flex-1 flex-col"
    >
      <ConversationHeader dialog={dialog} />
      <div ref={log} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-4 py-3">
        <div ref={top} />
        {current.loaded && current.hasOlder && (
          <div className="mb-2 text-center">
            <Button variant="ghost" busy={current.loading} onClick={() => loadOlder(chat, dialogId)}>
              {t('loadOlder')}
            </Button>
          </div>
        )}
        {current.failed && (
          <p role="alert" className="mb-2 text-center text-sm text-red-700">
            {t('errors.history')}{' '}
            <button type="button" className="underline" onClick={() => loadOlder(chat, dialogId)}>
              {t('retry')}
            </button>
          </p>
        )}
        {!current.loaded && !current.failed && (
          <p className="text-center text-sm text-slate-500">{t('loadingMessages')}</p>
        )}
        {current.loaded && current.entries.length === 0 && (
          <p className="text-center text-sm text-slate-500">{t('emptyConversation')}</p>
        )}
        <ol ref={list} aria-label={t('messagesWith', { name: dialog.name })} className="flex flex-col gap-2">
          {current.entries.map((entry) => (
            <MessageBubble
              key={entry.id}
              entry={entry}
              me={state.me}
              unread={state.me !== null && entry.senderId !== state.me && !entry.readBy.includes(state.me)}
              sender={
                group && entry.senderId !== state.me ? <SenderName chatId={entry.senderId} /> : undefined
              }
            />
          ))}
        </ol>
      </div>
      <TypingLine dialogId={dialogId} />
      <Composer dialogId={dialogId} disabled={blocked} />
    </section>
  );
}
