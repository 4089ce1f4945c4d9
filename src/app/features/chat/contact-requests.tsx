/**
 * Incoming contact requests (spec §4 Contact subscription): accept (mutual) or reject. The member
 * is named: as one of the provider's clients when she is one, else by her chat-service name
 * (issue 26: 'User 200005 wants to add you' said nothing).
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { useChat } from '../../connections';
import { acceptRequest, rejectRequest } from './chat-actions';
import { useChatState, useChatStore } from './chat-store-context';
import { chatUserNameQuery, clientQuery } from './queries';
import { usePortalApi } from '../../root';

/** The requester's name: her client info, else her chat user's name, else her chat id. */
function useRequesterName(userId: number): string {
  const { t } = useTranslation('messages');
  const runtime = useChat();
  const api = usePortalApi();
  const client = useQuery(clientQuery(api, userId));
  const chatUser = useQuery({
    ...chatUserNameQuery(runtime, userId),
    enabled: runtime !== null && (client.isError || (client.isSuccess && client.data === null)),
  });
  return client.data?.name ?? chatUser.data ?? t('userById', { id: userId });
}

function Request({ userId }: { userId: number }) {
  const { t } = useTranslation('messages');
  const name = useRequesterName(userId);
  const chat = useChat();
  const store = useChatStore();
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg bg-brand-50 px-4 py-2 text-sm">
      <span className="flex-1">{t('requests.text', { name })}</span>
      <Button variant="secondary" onClick={() => void rejectRequest(store, chat, userId)}>
        {t('requests.reject')}
      </Button>
      <Button onClick={() => void acceptRequest(store, chat, userId)}>{t('requests.accept')}</Button>
    </li>
  );
}

export function ContactRequests() {
  const { t } = useTranslation('messages');
  const { requests } = useChatState();
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
