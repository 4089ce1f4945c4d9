/** /message (spec §2): the Messages screen; `?userId={chatId}` opens that client's conversation. */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MessagesScreen } from '../../features/chat';

export default function MessagePage() {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('userId'));
  const userId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const clear = useCallback(() => setParams({}, { replace: true }), [setParams]);
  return <MessagesScreen userId={userId} onDeepLinkHandled={clear} />;
}
