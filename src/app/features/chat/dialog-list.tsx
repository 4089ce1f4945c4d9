/**
 * The provider's conversations (issue 4 "dialog list with client name, avatar, last message, time
 * and unread count, presence"), newest first. Arrow keys, Home and End move between them.
 */
import { isPrivateDialog } from '../../../shared/dialog-type';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { DEFAULT_AVATAR_PATH } from '../../../shared/api/chat';
import { chatStore, type DialogView } from './chat-store';
import { ATTACHMENT_BODY } from './convert';
import { formatMessageTime } from './format-time';
import { GroupIcon } from './icons';

function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-dialog]')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const target =
    event.key === 'ArrowDown'
      ? buttons[Math.min(at + 1, buttons.length - 1)]
      : event.key === 'ArrowUp'
        ? buttons[Math.max(at - 1, 0)]
        : event.key === 'Home'
          ? buttons[0]
          : event.key === 'End'
            ? buttons.at(-1)
            : undefined;
  if (!target) return;
  event.preventDefault();
  target.focus();
}

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

function Item({ dialog, active, onOpen }: { dialog: DialogView; active: boolean; onOpen(): void }) {
  const { t, i18n } = useTranslation('messages');
  const { presence } = useSnapshot(chatStore);
  const preview =
    dialog.lastMessage === ATTACHMENT_BODY ? t('attachment') : (dialog.lastMessage ?? t('noMessages'));
  return (
    <li>
      <button
        type="button"
        data-dialog={dialog.id}
        aria-current={active || undefined}
        aria-label={`${dialog.name}${dialog.unread ? `, ${t('unread', { count: dialog.unread })}` : ''}`}
        onClick={onOpen}
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
    </li>
  );
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
  if (dialogs.length === 0)
    return <p className="p-4 text-sm text-slate-500">{loading ? t('loadingDialogs') : t('noDialogs')}</p>;
  return (
    <nav aria-label={t('dialogs')}>
      <ul className="flex flex-col gap-1 p-2" onKeyDown={moveFocus}>
        {dialogs.map((d) => (
          <Item key={d.id} dialog={d} active={d.id === activeId} onOpen={() => onOpen(d.id)} />
        ))}
      </ul>
    </nav>
  );
}
