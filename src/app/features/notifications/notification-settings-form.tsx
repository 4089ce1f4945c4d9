/**
 * Push preferences per category (spec §7 ".../notification/setting/saveOrUpdate", "getById"): a
 * muted category creates no push; its notifications are still listed in the centre.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_CATEGORIES } from '../../../shared/notification-categories';
import type { NotificationCategory } from '../../../shared/api/notifications';
import { notificationCalls } from '../../api/domain-calls';
import { usePortalApi, useToasts } from '../../root';
import { notificationSettingsQuery } from './queries';
import { ReadPending } from '../../components/query-failed';

export function NotificationSettingsForm() {
  const toasts = useToasts();
  const { t } = useTranslation('notifications');
  const queryClient = useQueryClient();
  const api = usePortalApi();
  const settings = useQuery(notificationSettingsQuery(api));
  const key = notificationSettingsQuery(api).queryKey;
  const save = useMutation({
    mutationFn: (change: Partial<Record<NotificationCategory, boolean>>) =>
      notificationCalls(api).saveSettings({ push: change }),
    // The switch moves at once; a failed save puts it back (the error policy shows why).
    onMutate: (change) => {
      const before = queryClient.getQueryData(key);
      if (before) queryClient.setQueryData(key, { ...before, push: { ...before.push, ...change } });
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      toasts.show(t('settings.saved'), 'success', 3000);
    },
  });
  if (!settings.data)
    return (
      <ReadPending read={settings}>
        <p className="text-sm text-slate-500">{t('settings.loading')}</p>
      </ReadPending>
    );
  const push = settings.data.push;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="sr-only">{t('settings.title')}</legend>
      {NOTIFICATION_CATEGORIES.map((category) => (
        <label key={category} className="flex items-center justify-between gap-4 text-sm">
          <span>
            <span className="font-medium text-slate-800">{t(`categories.${category}`)}</span>
            <span className="block text-slate-500">{t(`settings.describe.${category}`)}</span>
          </span>
          <input
            type="checkbox"
            role="switch"
            aria-label={t('settings.pushFor', { category: t(`categories.${category}`) })}
            checked={push[category]}
            onChange={(e) => save.mutate({ [category]: e.target.checked })}
            className="h-5 w-5 accent-brand"
          />
        </label>
      ))}
    </fieldset>
  );
}
