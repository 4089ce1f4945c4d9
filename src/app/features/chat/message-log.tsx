/**
 * The messages of one conversation, virtualised (docs/performance.md "Long lists"): only the
 * bubbles in view (and a few either side) are in the DOM, anchored to the end as a chat is — the
 * newest message on open, new messages followed while at the bottom, the visible message kept in
 * place when older history is added above (spec §4 Messaging; spec §9 page size). Read markers go
 * out for others' messages once seen in a visible tab (`isSeen`).
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { type ChatRuntime } from '../../connections';
import { markSeen } from './chat-actions';
import type { ChatStore, ConversationState } from './chat-store';
import { useChatStore } from './chat-store-context';
import { loadHistory } from './history';
import { LogAnnouncer } from './log-announcer';
import { MessageBubble } from './message-bubble';
import { List, Row, Rows, useShift } from './message-log-rows';
import { Virtualizer, type VirtualizerHandle } from 'virtua';

/** Within this distance of the bottom, new messages are followed. */
const NEAR_BOTTOM_PX = 80;
/** The fixed slot above the messages (load older, failures, loading and empty notes): `h-12`. */
const HEADER_PX = 48;
/**
 * Older history is asked for once the bubble at the top of the view is this close to the oldest
 * held (a screenful of bubbles before it comes into view).
 */
const OLDER_WITHIN = 9;

function loadOlder(store: ChatStore, runtime: ChatRuntime | null, dialogId: string) {
  if (runtime) void loadHistory(store, runtime, dialogId);
}

/**
 * Whether a row is seen in the pane: its visible part is at least half of the row, or, for a row
 * taller than the pane, fills at least half of the pane. Half of the row alone never holds for a
 * message more than twice the pane's height, which then stayed unread for good.
 */
function isSeen(row: DOMRect, pane: DOMRect): boolean {
  const top = Math.max(row.top, pane.top, 0);
  const bottom = Math.min(row.bottom, pane.bottom, window.innerHeight);
  return bottom - top >= Math.min(row.height, pane.height) / 2;
}

/**
 * One observer for the conversation, watching every rendered row: the rows with any part on screen
 * are kept, and those of them marked `data-unread` and seen (`isSeen`, measured then) when it
 * flushes are reported read while the tab is visible. Rows come and go as the list scrolls, so they
 * register themselves through the returned (stable) ref callback. A row can become unread-marked
 * while it is on screen — the chat's user known after the row was first seen, an entry replaced —
 * without its visibility changing, so it flushes again whenever the rows change (`rows`), not only
 * when the observer fires; and a row taller than the pane becomes seen while it scrolls with no
 * edge crossing, so it flushes on every scroll of the pane too.
 */
function useReadWhenSeen(
  store: ChatStore,
  chat: ChatRuntime | null,
  dialogId: string,
  rows: unknown,
  pane: { readonly current: HTMLElement | null },
) {
  const onScreen = useRef(new Map<string, HTMLElement>());
  const observer = useRef<IntersectionObserver | null>(null);
  const chatRef = useRef(chat);
  useEffect(() => {
    chatRef.current = chat;
  }, [chat]);
  const flush = useCallback(() => {
    const view = pane.current;
    if (document.visibilityState !== 'visible' || !view) return;
    const unread = [...onScreen.current].filter(([, row]) => row.dataset.unread !== undefined);
    if (unread.length === 0) return;
    const paneBox = view.getBoundingClientRect();
    const seen = unread.flatMap(([id, row]) => (isSeen(row.getBoundingClientRect(), paneBox) ? [id] : []));
    if (seen.length > 0) markSeen(store, chatRef.current, dialogId, seen);
  }, [store, dialogId, pane]);
  const observerOf = useCallback(() => {
    observer.current ??= new IntersectionObserver(
      (records) => {
        for (const record of records) {
          const row = record.target as HTMLElement;
          const id = row.dataset.entry!;
          if (record.isIntersecting) onScreen.current.set(id, row);
          else onScreen.current.delete(id);
        }
        flush();
      },
      // A row with any part on screen is kept; crossing half or all of it flushes again (a layout
      // change with no scroll). Whether it is seen is measured in `flush`.
      { threshold: [0, 0.5, 1] },
    );
    return observer.current;
  }, [flush]);
  useEffect(() => {
    document.addEventListener('visibilitychange', flush);
    // The chat may come after the rows were seen: what is on screen is read then.
    flush();
    return () => document.removeEventListener('visibilitychange', flush);
  }, [flush, chat]);
  // After each render of the rows (their data-unread is committed by then).
  useEffect(flush, [flush, rows]);
  useEffect(() => {
    const view = pane.current;
    view?.addEventListener('scroll', flush, { passive: true });
    return () => view?.removeEventListener('scroll', flush);
  }, [flush, pane]);
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
  const store = useChatStore();
  return (
    <div className="flex h-12 items-center justify-center text-center text-sm">
      {conversation.failed ? (
        <p role="alert" className="text-red-700">
          {t('errors.history')}{' '}
          <button type="button" className="underline" onClick={() => loadOlder(store, chat, dialogId)}>
            {t('retry')}
          </button>
        </p>
      ) : !conversation.loaded ? (
        <p className="text-slate-500">{t('loadingMessages')}</p>
      ) : conversation.entries.length === 0 ? (
        <p className="text-slate-500">{t('emptyConversation')}</p>
      ) : conversation.hasOlder ? (
        <Button variant="ghost" busy={conversation.loading} onClick={() => loadOlder(store, chat, dialogId)}>
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
  const { entries, shift } = useShift(conversation.entries);
  const log = useRef<HTMLDivElement>(null);
  const virtualizer = useRef<VirtualizerHandle>(null);
  const store = useChatStore();
  const watch = useReadWhenSeen(
    store,
    chat,
    dialogId,
    useMemo(() => [entries, me], [entries, me]),
    log,
  );
  const rows = useMemo(() => ({ label, entries, me, watch }), [label, entries, me, watch]);

  // Anchored to the end as a chat is: opened at the newest message, new messages (and bubbles
  // growing, an image loading, the view shrinking) followed while within NEAR_BOTTOM_PX of the
  // bottom, and a message of ours brings us there from anywhere in the history. The bottom is
  // pinned on the scroller itself once the virtualiser has laid out the change (its height is the
  // rows'): virtua's scrollToIndex keeps aiming at its target for 150 ms after every resize, which
  // pulled a reader who scrolled up just after a page came in back down.
  const atBottom = useRef(true);
  const lastTop = useRef(0);
  const toBottom = useCallback(() => {
    const view = log.current;
    if (!view) return;
    view.scrollTop = view.scrollHeight - view.clientHeight;
    lastTop.current = view.scrollTop;
    atBottom.current = true;
  }, []);
  const last = entries.at(-1);
  const lastMine = last !== undefined && last.senderId === me ? last.id : null;
  const lastSeen = useRef(lastMine);
  useLayoutEffect(() => {
    if (atBottom.current || (lastMine !== null && lastMine !== lastSeen.current)) toBottom();
    lastSeen.current = lastMine;
  }, [entries, lastMine, toBottom]);
  const [resized, setResized] = useState(0);
  useLayoutEffect(() => {
    if (resized > 0 && atBottom.current) toBottom();
  }, [resized, toBottom]);

  // Older history, once the top of the view is near the oldest message held: checked on every
  // scroll and after every change (a page in, a load done), since a scroll event can carry both
  // the virtualiser's correction after a page and the reader's next move.
  const ready = conversation.loaded && conversation.hasOlder && !conversation.loading && !conversation.failed;
  const older = useRef({ ready, chat, count: entries.length });
  const askOlder = useCallback(() => {
    const view = log.current;
    const handle = virtualizer.current;
    if (!older.current.ready || older.current.count === 0 || !view || !handle) return;
    if (handle.findItemIndex(view.scrollTop) <= OLDER_WITHIN) loadOlder(store, older.current.chat, dialogId);
  }, [store, dialogId]);
  useEffect(() => {
    older.current = { ready, chat, count: entries.length };
    askOlder();
  }, [ready, chat, entries.length, askOlder]);
  // Only a scroll up leaves the bottom: rows measured or added below while pinned grow the log
  // before the scroll event of the pin comes, and the virtualiser's own corrections for rows above
  // keep the distance to the bottom.
  const onScroll = () => {
    const view = log.current!;
    const top = view.scrollTop;
    if (top < lastTop.current || !atBottom.current)
      atBottom.current = view.scrollHeight - view.clientHeight - top <= NEAR_BOTTOM_PX;
    else if (view.scrollHeight - view.clientHeight - top > 1) toBottom();
    lastTop.current = view.scrollTop;
    askOlder();
  };

  // The virtualiser places the bubbles itself: the browser's scroll anchoring is off so the two do
  // not fight over the scroll position. A row's `pb-2` is the gap to the next bubble; with the
  // log's `pb-1`, 12 px stay below the newest. The log scrolls, so the keyboard reaches it
  // (docs/conventions.md "Accessibility", scrollable regions); its focus ring is drawn inside, where
  // the header and the typing line beside it do not cover it.
  return (
    // A polite live region (`role="log"`) that reads out only new messages (log-announcer.tsx).
    <div
      ref={log}
      role="log"
      aria-live="polite"
      aria-label={label}
      tabIndex={0}
      className="relative min-h-0 flex-1 overflow-y-auto bg-slate-50 px-4 pb-1 [overflow-anchor:none] focus-visible:-outline-offset-2"
    >
      <Header chat={chat} dialogId={dialogId} conversation={conversation} />
      <Rows value={rows}>
        <Virtualizer
          ref={virtualizer}
          data={entries}
          shift={shift}
          as={List}
          item={Row}
          startMargin={HEADER_PX}
          onScroll={onScroll}
          onResize={() => {
            if (atBottom.current) setResized((n) => n + 1);
          }}
        >
          {(entry) => {
            const mine = entry.senderId === me;
            return (
              <div key={entry.id} className={`flex pb-2 ${mine ? 'justify-end' : 'justify-start'}`}>
                <MessageBubble entry={entry} me={me} senderId={group && !mine ? entry.senderId : null} />
              </div>
            );
          }}
        </Virtualizer>
      </Rows>
      <LogAnnouncer entries={entries} loaded={conversation.loaded} me={me} />
    </div>
  );
}
