/** The categories of the notification centre (spec §4 Notifications), each with its unread count. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { NotificationCategory } from '../../../shared/api/notifications';
import { QueryFailed, readFailed } from '../../components/query-failed';
import { notificationCategoriesQuery } from './queries';
import { usePortalApi } from '../../root';

export function CategoryList({
  selected,
  onSelect,
}: {
  selected: NotificationCategory | undefined;
  onSelect(category: NotificationCategory | undefined): void;
}) {
  const { t } = useTranslation('notifications');
  const api = usePortalApi();
  const categories = useQuery(notificationCategoriesQuery(api));
  const data = categories.data ?? [];
  const totalUnread = data.reduce((n, c) => n + c.unread, 0);
  const entries: Array<{ key: NotificationCategory | undefined; label: string; unread: number }> = [
    { key: undefined, label: t('categories.ALL'), unread: totalUnread },
    ...data.map((c) => ({ key: c.category, label: t(`categories.${c.category}`), unread: c.unread })),
  ];
  // Without its categories the list would be "All" alone, as if there were no others.
  if (readFailed(categories)) return <QueryFailed onRetry={() => void categories.refetch()} />;
  return (
    <nav aria-label={t('categoriesLabel')} className="flex flex-col gap-1">
      {entries.map((entry) => (
        <button
          key={entry.key ?? 'ALL'}
          type="button"
          aria-current={entry.key === selected ? 'true' : undefined}
          onClick={() => onSelect(entry.key)}
          className={`flex items-center justify-between rounded-lg px-3 py-2 text-left text-sm ${entry.key === selected ? 'bg-brand text-white' : 'text-slate-700 hover:bg-brand-50'}`}
        >
          <span>{entry.label}</span>
          {entry.unread > 0 && (
            <span
              className={`rounded-full px-2 text-xs font-semibold ${entry.key === selected ? 'bg-white text-brand-700' : 'bg-red-600 text-white'}`}
            >
              <span aria-hidden>{entry.unread}</span>
              <span className="sr-only">{t('unreadCount', { count: entry.unread })}</span>
            </span>
          )}
        </button>
      ))}
    </nav>
  );
}
