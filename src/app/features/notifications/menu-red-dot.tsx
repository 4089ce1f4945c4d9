/** The red dot beside Notifications in the menu (spec §1): shown while anything is unread. */
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { redDots } from './red-dot-store';

export function MenuRedDot() {
  const { t } = useTranslation('notifications');
  const { notification, unread } = useSnapshot(redDots);
  if (!notification) return null;
  return (
    <span
      role="status"
      aria-label={t('redDot', { count: unread })}
      data-testid="notification-red-dot"
      className="h-2.5 w-2.5 rounded-full bg-red-500 ring-2 ring-white"
    />
  );
}
