/** /notifications (spec §2, §4 Notifications): the notification centre. */
import { useTranslation } from 'react-i18next';
import { NotificationCentre } from '../../features/notifications';

export default function NotificationsPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <h1 className="text-2xl font-semibold">{t('routes.notifications')}</h1>
      <NotificationCentre />
    </div>
  );
}
