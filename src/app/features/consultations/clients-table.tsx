/**
 * /clients (spec §2): the provider's clients with search (Enter searches) and table pagination
 * (10/20/50/100), each with links to the chat and to the client's reports.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ClientSummary } from '../../../shared/api/consultation';
import { clientsQuery } from './queries';
import { DataTable, type Column } from '../../components/data-table';
import { formatDateTime } from '../../components/format';
import { Pagination } from '../../components/pagination';
import { SearchForm } from '../../components/search-form';
import { useTablePaging } from '../../components/use-table-paging';
import { messagePath, reportsPath } from './links';
import { StartCallButtons } from '../../components/start-call-buttons';
import { useRequestCall } from '../../connections';
import { usePortalApi, useTimeZone } from '../../root';

export function ClientsTable() {
  const requestCall = useRequestCall();
  const { t, i18n } = useTranslation('workspace');
  const timeZone = useTimeZone();
  const paging = useTablePaging();
  const { keyword, page, pageSize } = paging;
  const api = usePortalApi();
  const query = useQuery({
    ...clientsQuery(api, { keyword, page, pageSize }),
    placeholderData: keepPreviousData,
  });
  const columns: Column<ClientSummary>[] = [
    {
      key: 'name',
      header: t('clients.name'),
      render: (c) => (
        <span className="flex items-center gap-2">
          {c.avatar ? (
            <img src={c.avatar} alt="" className="h-8 w-8 rounded-full object-cover" />
          ) : (
            <span
              aria-hidden
              className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700"
            >
              {c.name
                .split(' ')
                .map((p) => p[0])
                .join('')
                .slice(0, 2)}
            </span>
          )}
          <span className="font-medium">{c.name}</span>
        </span>
      ),
    },
    { key: 'country', header: t('clients.country'), render: (c) => c.country ?? '—' },
    { key: 'consultations', header: t('clients.consultations'), render: (c) => c.consultations },
    {
      key: 'last',
      header: t('clients.last'),
      render: (c) => formatDateTime(c.lastConsultationAt, i18n.language, timeZone),
    },
    {
      key: 'next',
      header: t('clients.next'),
      render: (c) => formatDateTime(c.nextConsultationAt, i18n.language, timeZone),
    },
    {
      key: 'actions',
      header: <span className="sr-only">{t('clients.actions')}</span>,
      render: (c) => (
        <span className="flex flex-wrap items-center gap-3">
          <Link
            className="text-brand hover:underline"
            to={messagePath(c.chatId)}
            aria-label={t('clients.messageWith', { name: c.name })}
          >
            {t('clients.message')}
          </Link>
          <Link
            className="text-brand hover:underline"
            to={reportsPath(c.name)}
            aria-label={t('clients.reportsOf', { name: c.name })}
          >
            {t('clients.reports')}
          </Link>
          <StartCallButtons
            compact
            name={c.name}
            onCall={(media) => requestCall({ opponentId: c.chatId, media, name: c.name })}
          />
        </span>
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      <SearchForm
        fields={[
          { name: 'keyword', label: t('clients.search'), placeholder: t('clients.searchPlaceholder') },
        ]}
        onSearch={paging.search}
      />
      <DataTable
        caption={t('clients.caption')}
        columns={columns}
        rows={query.data?.list ?? []}
        rowKey={(c) => c.memberId}
        loading={query.isPending}
        read={query}
        stale={query.isPlaceholderData}
      />
      <Pagination page={page} pageSize={pageSize} total={query.data?.total ?? 0} onChange={paging.paginate} />
    </div>
  );
}
