/**
 * The head of a conversation: who it is with and whether they are online; for a client, the
 * contact request (spec §4 "Adding a contact sets none with ask subscribe") and block / unblock
 * with a mutual block (spec §6 "Blocking lists allow or deny per user, with optional mutual
 * block"); for a group, its members and who is in the room now (spec §7 online users of a room).
 * Below the `md` breakpoint, where the conversation fills the screen, a way back to the list.
 */
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_AVATAR_PATH } from '../../../shared/api/chat';
import { Button } from '../../components/button';
import { LazyDialog as Dialog } from '../../components/lazy-dialog';
import { StartCallButtons } from '../../components/start-call-buttons';
import { useChat, useRequestCall } from '../../connections';
import { addContact, blockUser, unblockUser } from './chat-actions';
import { useContact } from './use-contact';
import type { DialogView } from './chat-store';
import { useChatState, useChatStore } from './chat-store-context';
import { usePerson } from './use-names';

function Occupant({ chatId, online }: { chatId: number; online: boolean }) {
  const { t } = useTranslation('messages');
  const person = usePerson(chatId);
  return (
    <li className="flex items-center gap-1">
      <span aria-hidden className={`h-2 w-2 rounded-full ${online ? 'bg-emerald-500' : 'bg-slate-300'}`} />
      {person.name}
      <span className="sr-only">{online ? t('presence.online') : t('presence.offline')}</span>
    </li>
  );
}

function GroupMembers({ dialog }: { dialog: DialogView }) {
  const { t } = useTranslation('messages');
  const { occupants } = useChatState();
  // Listed by the chat's sync once the room is joined, then kept by presences (chat-sync.ts).
  const online = occupants[dialog.id] ?? [];
  return (
    <section
      aria-label={t('members', { count: dialog.occupantIds.length })}
      className="text-xs text-slate-600"
    >
      <p>{t('membersOnline', { count: online.length, total: dialog.occupantIds.length })}</p>
      <ul className="mt-1 flex flex-wrap gap-x-3">
        {dialog.occupantIds.map((id) => (
          <Occupant key={id} chatId={id} online={online.includes(id)} />
        ))}
      </ul>
    </section>
  );
}

function ClientActions({ dialog, clientId }: { dialog: DialogView; clientId: number }) {
  const { t } = useTranslation('messages');
  const store = useChatStore();
  const { blocked } = useChatState();
  const chat = useChat();
  const contact = useContact(chat, clientId);
  const requestCall = useRequestCall();
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const isBlocked = blocked.includes(clientId);
  const run = async (action: () => Promise<boolean>) => {
    setBusy(true);
    await action();
    setBusy(false);
    setConfirm(false);
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      {!isBlocked && (
        <StartCallButtons
          name={dialog.name}
          onCall={(media) => requestCall({ opponentId: clientId, media, name: dialog.name || undefined })}
        />
      )}
      {!isBlocked &&
        (!contact || contact.subscription === 'none' || contact.subscription === 'from') &&
        (contact?.ask === 'subscribe' ? (
          <span className="text-xs text-slate-500">{t('contact.requested')}</span>
        ) : (
          <Button variant="secondary" onClick={() => void addContact(store, chat, clientId)}>
            {t('contact.add')}
          </Button>
        ))}
      {isBlocked ? (
        <Button
          variant="secondary"
          busy={busy}
          onClick={() => void run(() => unblockUser(store, chat, clientId))}
        >
          {t('block.unblock')}
        </Button>
      ) : (
        <Button variant="secondary" onClick={() => setConfirm(true)}>
          {t('block.block')}
        </Button>
      )}
      <Dialog
        open={confirm}
        title={t('block.title', { name: dialog.name })}
        onCancel={() => setConfirm(false)}
        onDone={() => void run(() => blockUser(store, chat, clientId))}
        doneLabel={t('block.block')}
        busy={busy}
      >
        {t('block.text', { name: dialog.name })}
      </Dialog>
    </div>
  );
}

export function ConversationHeader({ dialog, onBack }: { dialog: DialogView; onBack(): void }) {
  const { t } = useTranslation('messages');
  const { presence, blocked } = useChatState();
  const client = usePerson(dialog.clientChatId);
  const online = dialog.clientChatId === null ? undefined : presence[dialog.clientChatId];
  return (
    <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white px-4 py-3">
      <button
        type="button"
        onClick={onBack}
        className="flex basis-full items-center gap-1 text-sm text-brand hover:underline md:hidden"
      >
        <ArrowLeft aria-hidden className="h-4 w-4" />
        {t('back')}
      </button>
      <img
        src={dialog.avatar ?? (dialog.clientChatId ? client.avatar : DEFAULT_AVATAR_PATH)}
        alt=""
        className="h-10 w-10 rounded-full object-cover"
      />
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-semibold text-slate-900">{dialog.name || client.name}</h2>
        {dialog.clientChatId !== null ? (
          <p className="text-xs text-slate-500">
            {blocked.includes(dialog.clientChatId)
              ? t('block.blocked')
              : online === undefined
                ? t('presence.unknown')
                : online
                  ? t('presence.online')
                  : t('presence.offline')}
          </p>
        ) : (
          <GroupMembers dialog={dialog} />
        )}
      </div>
      {dialog.clientChatId !== null && <ClientActions dialog={dialog} clientId={dialog.clientChatId} />}
    </header>
  );
}
