/**
 * The members the provider blocked, for Settings (spec §6 blocking lists): the account's block
 * list (blocked.ts), the same in every tab and on every device, each with Unblock. It shows once
 * the chat is online, which reads the list.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { QueryFailed } from '../../components/query-failed';
import { useChat, useChatLink } from '../../connections';
import { loadBlocked } from './blocked';
import { unblockUser } from './chat-actions';
import { useChatState, useChatStore } from './chat-store-context';
import { usePerson } from './use-names';

function BlockedMember({ chatId }: { chatId: number }) {
  const { t } = useTranslation('messages');
  const chat = useChat();
  const store = useChatStore();
  const person = usePerson(chatId);
  const [busy, setBusy] = useState(false);
  const unblock = async () => {
    setBusy(true);
    await unblockUser(store, chat, chatId);
    setBusy(false);
  };
  return (
    <li className="flex items-center gap-3 py-2">
      <img src={person.avatar} alt="" className="h-8 w-8 rounded-full object-cover" />
      <span className="min-w-0 flex-1 truncate">{person.name}</span>
      <Button
        variant="secondary"
        busy={busy}
        aria-label={t('block.unblockName', { name: person.name })}
        onClick={() => void unblock()}
      >
        {t('block.unblock')}
      </Button>
    </li>
  );
}

export function BlockedMembers() {
  const { t } = useTranslation('messages');
  const { blocked, blockedFailed } = useChatState();
  const { chatLoaded } = useChatLink();
  const chat = useChat();
  const store = useChatStore();
  if (!chatLoaded) return <p className="text-sm text-slate-600">{t('block.waitingForChat')}</p>;
  // Not "You have not blocked anyone": a list that could not be read says so.
  if (blockedFailed) return <QueryFailed onRetry={() => void (chat && loadBlocked(store, chat))} />;
  if (blocked.length === 0) return <p className="text-sm text-slate-600">{t('block.none')}</p>;
  return (
    <ul aria-label={t('block.listTitle')} className="divide-y divide-slate-100">
      {blocked.map((id) => (
        <BlockedMember key={id} chatId={id} />
      ))}
    </ul>
  );
}
