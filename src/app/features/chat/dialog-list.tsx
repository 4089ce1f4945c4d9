/**
 * The provider's conversations (issue 4 "dialog list with client name, avatar, last message, time
 * and unread count, presence"), newest first. Arrow keys, Home and End move between them. Virtualised
 * (docs/architecture.md §4 "Long lists"): only the rows in view are in the DOM, each telling its
 * place in the whole list (aria-posinset / aria-setsize).
 */
import { isPrivateDialog } from '../../../shared/dialog-type';
import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { memo, useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { DEFAULT_AVATAR_PATH } from '../../../shared/api/chat';
import { chatStore, type DialogView } from './chat-store';
import { ATTACHMENT_BODY } from './convert';
import { formatMessageTime } from './format-time';
import { GroupIcon } from './icons';

/** A row: avatar and two lines of text (`py-2` around `h-10`); measured once rendered. */
const ROW_PX = 56;
const GAP_PX = 4;
const PADDING_PX = 8;
/** Rows rendered beyond the visible ones on each side. */
const OVERSCAN = 8;

function Presence({ online }: { online: boolean | undefined }) {
  const { t } = useTranslation('messages');
  if (online === undefined) return null;
  return (
    <span
      role="img"
      aria-label={online ? t('presence.online') : t('presence.offline')}
      className={`absolute right-0 bottom-0 h-3 w-3 rounded-full ring-2 ring-white ${online ? 'bg-emerald-500' : 'bg-slate-300'}`}
    />
  );
}

/** Memoised: a dialog's snapshot keeps its identity until that dialog changes. */
const Item = memo(function Item({
  dialog,
  active,
  index,
  onOpen,
}: {
  dialog: DialogView;
  active: boolean;
  index: number;
  onOpen(id: string): void;
}) {
  const { t, i18n } = useTranslation('messages');
  const { presence } = useSnapshot(chatStore);
  const preview =
    dialog.lastMessage === ATTACHMENT_BODY ? t('attachment') : (dialog.lastMessage ?? t('noMessages'));
  return (
    <button
      type="button"
      data-dialog={dialog.id}
      data-index={index}
      aria-current={active || undefined}
      aria-label={`${dialog.name}${dialog.unread ? `, ${t('unread', { count: dialog.unread })}` : ''}`}
      onClick={() => onOpen(dialog.id)}
      className={`flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left ${active ? 'bg-brand-50 ring-1 ring-brand/30' : 'hover:bg-slate-50'}`}
    >
      <span className="relative shrink-0">
        <img
          src={dialog.avatar ?? DEFAULT_AVATAR_PATH}
          alt=""
          className="h-10 w-10 rounded-full object-cover"
        />
        {dialog.clientChatId !== null && <Presence online={presence[dialog.clientChatId]} />}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline gap-2">
          <span className="flex-1 truncate font-medium text-slate-900">
            {!isPrivateDialog(dialog.type) && <GroupIcon className="mr-1 inline h-4 w-4 text-brand" />}
            {dialog.name}
          </span>
          {dialog.lastMessageAt !== null && (
            <span className="shrink-0 text-xs text-slate-500">
              {formatMessageTime(dialog.lastMessageAt, i18n.language)}
            </span>
          )}
        </span>
        <span className="flex items-center gap-2">
          <span className="flex-1 truncate text-sm text-slate-500">{preview}</span>
          {dialog.unread > 0 && (
            <span
              aria-hidden
              data-testid="dialog-unread"
              className="rounded-full bg-red-500 px-1.5 text-xs font-semibold text-white"
            >
              {dialog.unread}
            </span>
          )}
        </span>
      </span>
    </button>
  );
});

/** The key that moves focus from `at` in a list of `count`, or null for other keys. */
function focusTarget(key: string, at: number, count: number): number | null {
  if (key === 'ArrowDown') return Math.min(at + 1, count - 1);
  if (key === 'ArrowUp') return Math.max(at - 1, 0);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

export function DialogList({
  dialogs,
  activeId,
  loading,
  onOpen,
}: {
  dialogs: readonly DialogView[];
  activeId: string | null;
  loading: boolean;
  onOpen(id: string): void;
}) {
  const { t } = useTranslation('messages');
  const scroller = useRef<HTMLElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // The focused row stays rendered while it scrolls out of view, so focus is never lost; a key
  // press scrolls its target into view and focuses it once it is rendered.
  const focused = useRef<number | null>(null);
  const pendingFocus = useRef<number | null>(null);
  const virtualizer = useVirtualizer({
    count: dialogs.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_PX,
    getItemKey: (index) => dialogs[index]!.id,
    overscan: OVERSCAN,
    gap: GAP_PX,
    paddingStart: PADDING_PX,
    paddingEnd: PADDING_PX,
    rangeExtractor: (range) => {
      const indexes = defaultRangeExtractor(range);
      const keep = focused.current;
      return keep === null || keep >= range.count || indexes.includes(keep)
        ? indexes
        : [...indexes, keep].sort((a, b) => a - b);
    },
  });
  const focusRow = (index: number) => {
    const button = list.current?.querySelector<HTMLButtonElement>(`button[data-index="${index}"]`);
    if (!button) return false;
    button.focus();
    return true;
  };
  useLayoutEffect(() => {
    if (pendingFocus.current !== null && focusRow(pendingFocus.current)) pendingFocus.current = null;
  });
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const at = Number((document.activeElement as HTMLElement | null)?.dataset.index ?? -1);
    const target = focusTarget(event.key, at, dialogs.length);
    if (target === null || at < 0) return;
    event.preventDefault();
    virtualizer.scrollToIndex(target);
    if (!focusRow(target)) pendingFocus.current = target;
  };
  const onFocus = (event: FocusEvent<HTMLUListElement>) => {
    const index = (event.target as HTMLElement).dataset.index;
    focused.current = index === undefined ? null : Number(index);
  };

  if (dialogs.length === 0)
    return <p className="p-4 text-sm text-slate-500">{loading ? t('loadingDialogs') : t('noDialogs')}</p>;
  return (
    <nav ref={scroller} aria-label={t('dialogs')} className="h-full overflow-y-auto">
      <ul
        ref={list}
        className="relative"
        style={{ height: virtualizer.getTotalSize() }}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onBlur={() => (focused.current = null)}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const dialog = dialogs[item.index]!;
          return (
            <li
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              aria-setsize={dialogs.length}
              aria-posinset={item.index + 1}
              className="absolute top-0 left-0 w-full px-2"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <Item dialog={dialog} active={dialog.id === activeId} index={item.index} onOpen={onOpen} />
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
