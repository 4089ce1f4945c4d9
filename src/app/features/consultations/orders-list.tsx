/**
 * /orders, titled Appointments (spec §2): status filters, client search and pages. The route is
 * kept alive, so this state lives in the component and survives a visit to the detail and back.
 */
import { FilterTabs } from '../../components/filter-tabs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { AppointmentSummary } from '../../../shared/api/consultation';
import { ORDER_STATUS_FILTERS } from '../../../shared/api/consultation';
import { ordersQuery } from './queries';
import { DataTable, type Column } from '../../components/data-table';
import { formatDateTime, formatMoney, formatTime } from '../../components/format';
import { Pagination } from '../../components/pagination';
import { SearchForm } from '../../components/search-form';
import { useTablePaging } from '../../components/use-table-paging';
import { orderDetailPath } from './links';
import { StatusBadge } from './status-badge';
import { usePortalApi, useTimeZone } from '../../root';

type Filter = (typeof ORDER_STATUS_FILTERS)[number];

export function OrdersList() {
  const { t, i18n } = useTranslation('workspace');
  const timeZone = useTimeZone();
  const navigate = useNavigate();
  const [status, setStatus] = useState<Filter>('ALL');
  const paging = useTablePaging();
  const { keyword, page, pageSize } = paging;
  const api = usePortalApi();
  const query = useQuery({
    ...ordersQuery(api, { status, keyword, page, pageSize }),
    placeholderData: keepPreviousData,
  });
  const columns: Column<AppointmentSummary>[] = [
    {
      key: 'client',
      header: t('orders.client'),
      render: (a) => <span className="font-medium">{a.memberName}</span>,
    },
    {
      key: 'when',
      header: t('orders.when'),
      render: (a) =>
        `${formatDateTime(a.startsAt, i18n.language, timeZone)} – ${formatTime(a.endsAt, i18n.language, timeZone)}`,
    },
    {
      key: 'topic',
      header: t('orders.topic'),
      render: (a) => <span className="line-clamp-1">{a.topic || '—'}</span>,
    },
    {
      key: 'fee',
      header: t('orders.fee'),
      render: (a) => formatMoney(a.fee.amountCents, a.fee.currency, i18n.language),
    },
    { key: 'status', header: t('orders.status'), render: (a) => <StatusBadge status={a.status} /> },
  ];
  return (
    <div className="flex flex-col gap-4">
      <FilterTabs
        label={t('orders.filter')}
        values={ORDER_STATUS_FILTERS}
        selected={status}
        onSelect={(s) => {
          setStatus(s);
          paging.restart();
        }}
        labelOf={(s) => t(`status.${s}`)}
      />
      <SearchForm
        fields={[{ name: 'keyword', label: t('orders.search'), placeholder: t('clients.searchPlaceholder') }]}
        onSearch={paging.search}
      />
      <DataTable
        caption={t('orders.caption')}
        columns={columns}
        rows={query.data?.list ?? []}
        rowKey={(a) => a.id}
        loading={query.isPending}
        read={query}
        stale={query.isPlaceholderData}
        onRowClick={(a) => navigate(orderDetailPath(a.id))}
      />
      <Pagination page={page} pageSize={pageSize} total={query.data?.total ?? 0} onChange={paging.paginate} />
    </div>
  );
}
