/** Incoming contact requests (spec §4 Contact subscription): accept (mutual) or reject. */
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/button';
import { useChat } from '../../connections';
import { acceptRequest, rejectRequest } from './chat-actions';
import { chatStore } from './chat-store';
import { usePerson } from './use-names';

function Request({ userId }: { userId: number }) {
  const { t } = useTranslation('messages');
  const person = usePerson(userId);
  const chat = useChat();
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg bg-brand-50 px-4 py-2 text-sm">
      <span className="flex-1">{t('requests.text', { name: person.name })}</span>
      <Button variant="secondary" onClick={() => void rejectRequest(chat, userId)}>
        {t('requests.reject')}
      </Button>
      <Button onClick={() => void acceptRequest(chat, userId)}>{t('requests.accept')}</Button>
    </li>
  );
}

export function ContactRequests() {
  const { t } = useTranslation('messages');
  const { requests } = useSnapshot(chatStore);
  if (requests.length === 0) return null;
  return (
    <section aria-label={t('requests.label')}>
      <ul className="flex flex-col gap-2">
        {requests.map((id) => (
          <Request key={id} userId={id} />
        ))}
      </ul>
    </section>
  );
}
