/**
 * The provider's conversations (issue 4 "dialog list with client name, avatar, last message, time
 * and unread count, presence"), newest first. Arrow keys, Home and End move between them. Virtualised
 * (docs/performance.md "Long lists"): only the rows in view are in the DOM, each telling its
 * place in the whole list (aria-posinset / aria-setsize).
 */
import { isPrivateDialog } from '../../../shared/dialog-type';
import { memo, useId, useLayoutEffect, useMemo, useRef } from 'react';
import { Virtualizer, type VirtualizerHandle } from 'virtua';
import { useTranslation } from 'react-i18next';
import { DEFAULT_AVATAR_PATH } from '../../../shared/api/chat';
import { useTimeZone } from '../../root';
import { callSummaryText } from './call-card';
import type { DialogView } from './chat-store';
import { useChatState } from './chat-store-context';
import { ATTACHMENT_BODY } from './convert';
import { Row, Rows, useRowFocus } from './dialog-row-focus';
import { formatMessageTime } from './format-time';
import { GroupIcon } from './icons';

/** The list's padding above its first row (`pt-2` on the scroller), where the rows start. */
const PADDING_TOP_PX = 8;

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
  const timeZone = useTimeZone();
  const { presence } = useChatState();
  const preview = dialog.lastCall
    ? callSummaryText(t, dialog.lastCall)
    : dialog.lastMessage === ATTACHMENT_BODY
      ? t('attachment')
      : (dialog.lastMessage ?? t('noMessages'));
  // Named by what it shows first, the member's name (and the unread count, read out): the time
  // and the last message describe it (docs/conventions.md "Accessibility": the name contains the label).
  const described = useId();
  return (
    <button
      type="button"
      data-dialog={dialog.id}
      data-index={index}
      aria-current={active || undefined}
      aria-describedby={`${described}-time ${described}-preview`}
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
            {dialog.unread > 0 && <span className="sr-only">, {t('unread', { count: dialog.unread })}</span>}
          </span>
          {dialog.lastMessageAt !== null && (
            <span id={`${described}-time`} aria-hidden className="shrink-0 text-xs text-slate-600">
              {formatMessageTime(dialog.lastMessageAt, i18n.language, timeZone)}
            </span>
          )}
        </span>
        <span className="flex items-center gap-2">
          <span id={`${described}-preview`} aria-hidden className="flex-1 truncate text-sm text-slate-600">
            {preview}
          </span>
          {dialog.unread > 0 && (
            <span
              aria-hidden
              data-testid="dialog-unread"
              className="rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white"
            >
              {dialog.unread}
            </span>
          )}
        </span>
      </span>
    </button>
  );
});

/** The server's list could not be had: said where the list is, with a retry (no lost conversations). */
function ListFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation('messages');
  return (
    <div role="alert" className="flex items-center gap-3 bg-red-50 px-4 py-2 text-sm text-red-800">
      <span className="flex-1">{t('dialogsFailed')}</span>
      <button
        type="button"
        className="font-medium underline"
        onClick={(event) => {
          // The button goes with the failure: focus stays in the main region, as QueryFailed keeps it.
          event.currentTarget.closest<HTMLElement>('[tabindex]')?.focus();
          onRetry();
        }}
      >
        {t('retry')}
      </button>
    </div>
  );
}

export function DialogList({
  dialogs,
  activeId,
  focusId,
  list,
  onOpen,
  onRetry,
}: {
  dialogs: readonly DialogView[];
  activeId: string | null;
  /** The row to give focus, once for each id: the conversation the provider came back from. */
  focusId: string | null;
  /** Where the server's list is (chat-state.ts `dialogList`). */
  list: 'loading' | 'listed' | 'failed';
  onOpen(id: string): void;
  /** Asks the server's list again after it failed. */
  onRetry(): void;
}) {
  const { t } = useTranslation('messages');
  const scroller = useRef<HTMLElement>(null);
  const virtualizer = useRef<VirtualizerHandle>(null);
  const { focusPending, focusRow, onKeyDown, onFocus, onBlur, keepMounted } = useRowFocus(
    dialogs,
    scroller,
    virtualizer,
  );
  // Once for each id asked: a later change of the list moves no focus.
  const given = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (focusId === given.current) return;
    given.current = focusId;
    const index = dialogs.findIndex((dialog) => dialog.id === focusId);
    if (index >= 0) focusRow(index);
  }, [focusId, dialogs, focusRow]);
  const rows = useMemo(() => ({ count: dialogs.length, focusPending }), [dialogs.length, focusPending]);

  const failed = list === 'failed' && <ListFailed onRetry={onRetry} />;
  if (dialogs.length === 0)
    return (
      failed || (
        <p className="p-4 text-sm text-slate-500">
          {list === 'loading' ? t('loadingDialogs') : t('noDialogs')}
        </p>
      )
    );
  // The virtualiser places its rows itself: the browser's scroll anchoring is off so the two do
  // not fight over the scroll position. A row's bottom padding is the gap to the next one.
  return (
    <div className="flex h-full flex-col">
      {failed}
      <nav
        ref={scroller}
        aria-label={t('dialogs')}
        className="min-h-0 flex-1 overflow-y-auto pt-2 pb-1 [overflow-anchor:none]"
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onBlur={onBlur}
      >
        <Rows value={rows}>
          <Virtualizer
            ref={virtualizer}
            data={dialogs}
            as="ul"
            item={Row}
            startMargin={PADDING_TOP_PX}
            keepMounted={keepMounted}
          >
            {(dialog, index) => (
              <div key={dialog.id} className="pb-1">
                <Item dialog={dialog} active={dialog.id === activeId} index={index} onOpen={onOpen} />
              </div>
            )}
          </Virtualizer>
        </Rows>
      </nav>
    </div>
  );
}
