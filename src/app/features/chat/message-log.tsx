/**
 * The messages of one conversation, virtualised (docs/architecture.md §4 "Long lists"): only the
 * bubbles in view (and a few either side) are in the DOM, anchored to the end as a chat is — the
 * newest message on open, new messages followed while at the bottom, the visible message kept in
 * place when older history is added above (spec §4 Messaging; spec §9 page size). Read markers go
 * out for others' messages once half of them is on screen in a visible tab.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { type ChatRuntime } from '../../connections';
import { markSeen } from './chat-actions';
import type { ConversationState } from './chat-store';
import type { ChatEntry } from './entries';
import { loadHistory } from './history';
import { MessageBubble } from './message-bubble';

/** Within this distance of the bottom, new messages are followed. */
const NEAR_BOTTOM_PX = 80;
/** The fixed slot above the messages (load older, failures, loading and empty notes): `h-12`. */
const HEADER_PX = 48;
const GAP_PX = 8;
const BOTTOM_PADDING_PX = 12;
/** A one-line bubble with its time row; measured once rendered. */
const ESTIMATED_BUBBLE_PX = 60;
/** Bubbles rendered beyond the visible ones on each side. */
const OVERSCAN = 6;
/** Older history is asked for once the first rendered bubble is this close to the oldest held. */
const OLDER_WITHIN = 3;

function loadOlder(runtime: ChatRuntime | null, dialogId: string) {
  if (runtime) void loadHistory(runtime, dialogId);
}

/**
 * One observer for the conversation, watching every rendered row: those marked `data-unread`
 * that are half on screen are reported read while the tab is visible. Rows come and go as the
 * list scrolls, so they register themselves through the returned (stable) ref callback.
 */
function useReadWhenSeen(chat: ChatRuntime | null, dialogId: string) {
  const onScreen = useRef(new Set<string>());
  const observer = useRef<IntersectionObserver | null>(null);
  const chatRef = useRef(chat);
  useEffect(() => {
    chatRef.current = chat;
  }, [chat]);
  const flush = useCallback(() => {
    if (document.visibilityState === 'visible' && onScreen.current.size > 0)
      markSeen(chatRef.current, dialogId, [...onScreen.current]);
  }, [dialogId]);
  const observerOf = useCallback(() => {
    observer.current ??= new IntersectionObserver(
      (records) => {
        for (const record of records) {
          const row = record.target as HTMLElement;
          const id = row.dataset.entry!;
          if (record.isIntersecting && row.dataset.unread !== undefined) onScreen.current.add(id);
          else onScreen.current.delete(id);
        }
        flush();
      },
      { threshold: 0.5 },
    );
    return observer.current;
  }, [flush]);
  useEffect(() => {
    document.addEventListener('visibilitychange', flush);
    // The chat may come after the rows were seen: what is on screen is read then.
    flush();
    return () => document.removeEventListener('visibilitychange', flush);
  }, [flush, chat]);
  useEffect(
    () => () => {
      observer.current?.disconnect();
      observer.current = null;
    },
    [],
  );
  return useCallback(
    (row: HTMLElement) => {
      const watching = observerOf();
      watching.observe(row);
      return () => {
        watching.unobserve(row);
        onScreen.current.delete(row.dataset.entry!);
      };
    },
    [observerOf],
  );
}

function Header({
  chat,
  dialogId,
  conversation,
}: {
  chat: ChatRuntime | null;
  dialogId: string;
  conversation: ConversationState;
}) {
  const { t } = useTranslation('messages');
  return (
    <div className="flex h-12 items-center justify-center text-center text-sm">
      {conversation.failed ? (
        <p role="alert" className="text-red-700">
          {t('errors.history')}{' '}
          <button type="button" className="underline" onClick={() => loadOlder(chat, dialogId)}>
            {t('retry')}
          </button>
        </p>
      ) : !conversation.loaded ? (
        <p className="text-slate-500">{t('loadingMessages')}</p>
      ) : conversation.entries.length === 0 ? (
        <p className="text-slate-500">{t('emptyConversation')}</p>
      ) : conversation.hasOlder ? (
        <Button variant="ghost" busy={conversation.loading} onClick={() => loadOlder(chat, dialogId)}>
          {t('loadOlder')}
        </Button>
      ) : null}
    </div>
  );
}

export function MessageLog({
  chat,
  dialogId,
  label,
  conversation,
  me,
  group,
}: {
  chat: ChatRuntime | null;
  dialogId: string;
  /** The list's accessible name. */
  label: string;
  conversation: ConversationState;
  me: number | null;
  /** Group dialogs show the sender above others' messages. */
  group: boolean;
}) {
  const entries: readonly ChatEntry[] = conversation.entries;
  const log = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => log.current,
    estimateSize: () => ESTIMATED_BUBBLE_PX,
    getItemKey: (index) => entries[index]!.id,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: NEAR_BOTTOM_PX,
    overscan: OVERSCAN,
    gap: GAP_PX,
    scrollMargin: HEADER_PX,
    paddingEnd: BOTTOM_PADDING_PX,
  });
  const watch = useReadWhenSeen(chat, dialogId);
  const measure = virtualizer.measureElement;
  const rowRef = useCallback(
    (row: HTMLLIElement) => {
      measure(row);
      const unwatch = watch(row);
      return () => {
        unwatch();
        // Once the row has left the DOM, the virtualiser lets go of it (measureElement(null)).
        queueMicrotask(() => measure(null));
      };
    },
    [measure, watch],
  );

  // Opened: the newest message. A message of ours brings us there from anywhere in the history.
  useLayoutEffect(() => {
    virtualizer.scrollToEnd();
  }, [virtualizer]);
  const last = entries.at(-1);
  const lastMine = last !== undefined && last.senderId === me ? last.id : null;
  const lastSeen = useRef(lastMine);
  useLayoutEffect(() => {
    if (lastMine !== null && lastMine !== lastSeen.current) virtualizer.scrollToEnd();
    lastSeen.current = lastMine;
  }, [virtualizer, lastMine]);

  const items = virtualizer.getVirtualItems();
  const firstShown = items[0]?.index ?? 0;
  const ready = conversation.loaded && conversation.hasOlder && !conversation.loading && !conversation.failed;
  useEffect(() => {
    if (ready && entries.length > 0 && firstShown <= OLDER_WITHIN) loadOlder(chat, dialogId);
  }, [chat, dialogId, ready, firstShown, entries.length]);

  return (
    <div ref={log} className="relative min-h-0 flex-1 overflow-y-auto bg-slate-50 px-4">
      <Header chat={chat} dialogId={dialogId} conversation={conversation} />
      <ol aria-label={label} className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const entry = entries[item.index]!;
          const mine = entry.senderId === me;
          const unread = me !== null && !mine && !entry.readBy.includes(me);
          return (
            <li
              key={item.key}
              ref={rowRef}
              data-index={item.index}
              data-entry={entry.id}
              data-unread={unread || undefined}
              aria-setsize={entries.length}
              aria-posinset={item.index + 1}
              className={`absolute top-0 left-0 flex w-full ${mine ? 'justify-end' : 'justify-start'}`}
              style={{ transform: `translateY(${item.start - HEADER_PX}px)` }}
            >
              <MessageBubble entry={entry} me={me} senderId={group && !mine ? entry.senderId : null} />
            </li>
          );
        })}
      </ol>
    </div>
  );
}
