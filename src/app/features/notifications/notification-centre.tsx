/**
 * The notification centre (spec §4 Notifications, route /notifications): categories, a paged
 * list (simple pagination 5/10/15/20, default 5, spec §9) with the unread ones marked, and
 * mark one / mark all read. Notifications show in the portal's language, times in her saved zone
 * (docs/architecture.md §3 "Her time zone"): render-notification.ts. A notification whose
 * template leads somewhere links there (notification-destination.ts), and opening it marks it read.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { NotificationCategory, NotificationItem } from '../../../shared/api/notifications';
import { SIMPLE_PAGE_SIZE_DEFAULT } from '../../../shared/constants';
import { Button } from '../../components/button';
import { DataTable, type Column } from '../../components/data-table';
import { formatDateTime } from '../../components/format';
import { SimplePagination } from '../../components/pagination';
import { CategoryList } from './category-list';
import { destinationOf } from './notification-destination';
import { notificationListQuery } from './queries';
import { renderNotification, type RenderedNotification } from './render-notification';
import { useMarkRead } from './use-mark-read';
import { usePortalApi, useTimeZone } from '../../root';

export function NotificationCentre() {
  const { t, i18n } = useTranslation('notifications');
  const [category, setCategory] = useState<NotificationCategory | undefined>();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState({ pageNum: 1, pageSize: SIMPLE_PAGE_SIZE_DEFAULT });
  const filter = { ...page, ...(category ? { category } : {}), ...(unreadOnly ? { unread: true } : {}) };
  const api = usePortalApi();
  const list = useQuery({ ...notificationListQuery(api, filter), placeholderData: keepPreviousData });
  const { markOne, markAll, busy } = useMarkRead();
  const timeZone = useTimeZone();
  const render = { language: i18n.language, timeZone };
  const rows = (list.data?.records ?? []).map((n) => ({
    ...n,
    shown: renderNotification(n, (key, options) => t(key, options), render),
  }));

  const columns: Column<NotificationItem & { shown: RenderedNotification }>[] = [
    {
      key: 'state',
      header: <span className="sr-only">{t('state')}</span>,
      className: 'w-8',
      render: (n) =>
        n.read ? (
          <span className="sr-only">{t('read')}</span>
        ) : (
          <>
            <span aria-hidden className="inline-block h-2 w-2 rounded-full bg-red-500" />
            <span className="sr-only">{t('unread')}</span>
          </>
        ),
    },
    {
      key: 'title',
      header: t('columns.notification'),
      render: (n) => (
        <div>
          <p className={n.read ? 'text-slate-700' : 'font-semibold text-slate-900'}>{n.shown.title}</p>
          {n.shown.body && <p className="text-slate-500">{n.shown.body}</p>}
        </div>
      ),
    },
    { key: 'category', header: t('columns.category'), render: (n) => t(`categories.${n.category}`) },
    {
      key: 'time',
      header: t('columns.time'),
      render: (n) => formatDateTime(n.createdAt, i18n.language, timeZone),
    },
    {
      key: 'action',
      header: <span className="sr-only">{t('columns.action')}</span>,
      render: (n) => {
        const destination = destinationOf(n.template, n.category);
        return (
          <div className="flex flex-wrap items-center justify-end gap-2">
            {destination && (
              <Link
                to={destination.to}
                onClick={() => {
                  if (!n.read) markOne(n.id);
                }}
                aria-label={t('openOne', { action: t(`open.${destination.label}`), title: n.shown.title })}
                className="rounded-md px-2 py-1 text-sm font-medium text-brand hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand"
              >
                {t(`open.${destination.label}`)}
              </Link>
            )}
            {!n.read && (
              <Button
                variant="ghost"
                disabled={busy}
                onClick={() => markOne(n.id)}
                aria-label={t('markReadOne', { title: n.shown.title })}
              >
                {t('markRead')}
              </Button>
            )}
          </div>
        );
      },
    },
  ];

  return (
    <div className="flex flex-col gap-6 md:flex-row">
      <aside className="md:w-56">
        <CategoryList
          selected={category}
          onSelect={(c) => {
            setCategory(c);
            setPage((p) => ({ ...p, pageNum: 1 }));
          }}
        />
      </aside>
      <section className="min-w-0 flex-1" aria-label={t('listLabel')}>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={unreadOnly}
              onChange={(e) => {
                setUnreadOnly(e.target.checked);
                setPage((p) => ({ ...p, pageNum: 1 }));
              }}
            />
            {t('unreadOnly')}
          </label>
          <Button variant="secondary" disabled={busy} onClick={() => markAll(category)}>
            {category ? t('markAllReadIn', { category: t(`categories.${category}`) }) : t('markAllRead')}
          </Button>
        </div>
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(n) => n.id}
          loading={list.isPending}
          read={list}
          caption={t('listLabel')}
        />
        <p className="mt-2 text-xs text-slate-500">{t('zone', { timezone: timeZone })}</p>
        <SimplePagination
          page={page.pageNum}
          pageSize={page.pageSize}
          total={list.data?.total ?? 0}
          onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
        />
      </section>
    </div>
  );
}
