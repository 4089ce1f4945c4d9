/** Names and avatars of chat users (spec §3 client info by chat id, default avatar when none). */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_AVATAR_PATH } from '../../../shared/api/chat';
import { useChatState } from './chat-store-context';
import { clientQuery } from './queries';
import { usePortalApi } from '../../root';

export function usePerson(chatId: number | null): { name: string; avatar: string } {
  const { t } = useTranslation('messages');
  const { me } = useChatState();
  const api = usePortalApi();
  const lookup = useQuery({ ...clientQuery(api, chatId ?? 0), enabled: chatId !== null && chatId !== me });
  if (chatId === null) return { name: '', avatar: DEFAULT_AVATAR_PATH };
  if (chatId === me) return { name: t('you'), avatar: DEFAULT_AVATAR_PATH };
  return {
    name: lookup.data?.name ?? t('userById', { id: chatId }),
    avatar: lookup.data?.avatar ?? DEFAULT_AVATAR_PATH,
  };
}
