/**
 * /message (spec §2): the Messages screen; `?userId={chatId}` opens that client's conversation,
 * `?dialog={id}` a group dialog, and the address follows the conversation the provider opens.
 * A conversation opened from the list is a step in the history, so the browser's Back returns to
 * the list as the screen's own way back does; switching conversations replaces the entry.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useNavigationType, useSearchParams } from 'react-router-dom';
import { MessagesScreen, type ConversationLink } from '../../features/chat';

/** The history entry's state of a conversation opened from the list: the entry before is the list. */
const FROM_LIST = { fromList: true };

export default function MessagePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { state } = useLocation() as { state: unknown };
  const navigate = useNavigate();
  const popped = useNavigationType() === 'POP';
  const raw = Number(params.get('userId'));
  const userId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const dialogId = userId === null ? params.get('dialog') || null : null;
  const fromList = (state as typeof FROM_LIST | null)?.fromList === true;
  const show = useCallback(
    (link: ConversationLink, step: boolean) =>
      setParams('userId' in link ? { userId: String(link.userId) } : { dialog: link.dialog }, {
        replace: !step,
        state: step || fromList ? FROM_LIST : undefined,
      }),
    [setParams, fromList],
  );
  const back = () => {
    if (fromList) void navigate(-1);
    else setParams({}, { replace: true });
  };
  // The screen fills the page below the top bar, so its heading is for screen readers only.
  return (
    <>
      <h1 className="sr-only">{t('routes.message')}</h1>
      <MessagesScreen userId={userId} dialogId={dialogId} onShown={show} backToList={popped} onBack={back} />
    </>
  );
}
