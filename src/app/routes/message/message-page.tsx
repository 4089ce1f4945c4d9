/**
 * /message (spec §2): the Messages screen; `?userId={chatId}` opens that client's conversation,
 * `?dialog={id}` a group dialog, and the address follows the conversation the provider opens.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { MessagesScreen, type ConversationLink } from '../../features/chat';

export default function MessagePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('userId'));
  const userId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const dialogId = userId === null ? params.get('dialog') || null : null;
  const show = useCallback(
    (link: ConversationLink) =>
      setParams('userId' in link ? { userId: String(link.userId) } : { dialog: link.dialog }, {
        replace: true,
      }),
    [setParams],
  );
  // The screen fills the page below the top bar, so its heading is for screen readers only.
  return (
    <>
      <h1 className="sr-only">{t('routes.message')}</h1>
      <MessagesScreen userId={userId} dialogId={dialogId} onShown={show} />
    </>
  );
}
