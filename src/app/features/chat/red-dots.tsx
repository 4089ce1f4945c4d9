/**
 * Red dots for unread messages (spec §1): beside Messages in the menu, and on the floating chat
 * icon. Spec §2 shows the floating icon "when the media window is shrunk"; until the call window
 * exists (a later issue, which decides its final place) it is shown on every page but Messages,
 * bottom left, over the free end of the menu column rather than over page content.
 */
import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RedDot } from '../../components/red-dot';
import { paths } from '../../paths';
import { unreadTotal } from './chat-store';
import { useChatState } from './chat-store-context';

/** The unread message total, or null while it is not known (the dashboard shows "—"). */
export function useUnreadMessages(): number | null {
  const state = useChatState();
  return state.unreadKnown ? unreadTotal(state) : null;
}

export function MessagesRedDot() {
  const { t } = useTranslation('messages');
  const unread = useUnreadMessages();
  if (!unread) return null;
  return <RedDot label={t('redDot', { count: unread })} testId="messages-red-dot" />;
}

export function FloatingChatIcon() {
  const { t } = useTranslation('messages');
  const unread = useUnreadMessages() ?? 0;
  // In a landmark of its own, as every part of the page is (axe's `region`).
  return (
    <nav aria-label={t('floatingNav')}>
      <Link
        to={paths.message}
        aria-label={unread ? t('floatingUnread', { count: unread }) : t('floating')}
        className="fixed bottom-6 left-6 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-brand text-2xl text-white shadow-lg hover:bg-brand-600"
      >
        <MessageCircle aria-hidden className="h-6 w-6" />
        {unread > 0 && <RedDot testId="floating-chat-red-dot" placement="corner" />}
      </Link>
    </nav>
  );
}
