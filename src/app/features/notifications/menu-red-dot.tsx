/** The red dot beside Notifications in the menu (spec §1): shown while anything is unread. */
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { RedDot } from '../../components/red-dot';
import { useRedDots } from './red-dot-store';

export function MenuRedDot() {
  const { t } = useTranslation('notifications');
  const { notification, unread } = useSnapshot(useRedDots().state);
  if (!notification) return null;
  return <RedDot label={t('redDot', { count: unread })} testId="notification-red-dot" />;
}
