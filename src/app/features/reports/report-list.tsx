/**
 * /reports (spec §2, §7 "Expert reports"): the open pool (with reports assigned to me), my tasks
 * (claimed by me) and completed reports; search by member (also from a client's link, `?keyword=`),
 * table pages of 10/20/50/100 (spec §9);
 * claim from the pool, open, disclaim, and review completed ones.
 */
import { FilterTabs } from '../../components/filter-tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ReportSummary } from '../../../shared/api/expert-reports';
import { REPORT_LIST_TYPES, reportOffers, type ReportListType } from '../../../shared/expert-reports';
import { Button } from '../../components/button';
import { DataTable, type Column } from '../../components/data-table';
import { formatDateTime } from '../../components/format';
import { Pagination } from '../../components/pagination';
import { SearchForm } from '../../components/search-form';
import { useTablePaging } from '../../components/use-table-paging';
import { useConfirmedAction } from './confirm-action';
import { reportDetailPath, reportReviewPath } from './links';
import { useReportList } from './queries';
import { ReportStatusBadge } from './status-badge';
import { useTimeZone } from '../../root';

export function ReportList() {
  const { t, i18n } = useTranslation('reports');
  const timeZone = useTimeZone();
  const navigate = useNavigate();
  const [type, setType] = useState<ReportListType>('Open');
  // A client's or an appointment's "Reports" opens the lists searched by her name.
  const searched = useSearchParams()[0].get('keyword') ?? '';
  const paging = useTablePaging(searched);
  const { keyword, page, pageSize } = paging;
  const query = useReportList(type, keyword, page, pageSize);
  const { ask, dialog } = useConfirmedAction((action, report) => {
    if (action === 'claim') navigate(reportDetailPath(report.reportId));
  });
  const open = (r: ReportSummary) =>
    navigate(r.status === 'COMPLETED' ? reportReviewPath(r.reportId) : reportDetailPath(r.reportId));
  const when = (r: ReportSummary) =>
    formatDateTime(
      type === 'Completed' ? r.completedAt : type === 'MyTask' ? (r.savedAt ?? r.claimedAt) : r.createdAt,
      i18n.language,
      timeZone,
    );
  const columns: Column<ReportSummary>[] = [
    {
      key: 'member',
      header: t('list.member'),
      render: (r) => <span className="font-medium">{r.memberName}</span>,
    },
    {
      key: 'title',
      header: t('list.report'),
      render: (r) => (
        <span className="flex flex-col">
          <span>{r.title}</span>
          <span className="text-xs text-slate-500">{t(`type.${r.type}`)}</span>
        </span>
      ),
    },
    { key: 'status', header: t('list.status'), render: (r) => <ReportStatusBadge report={r} /> },
    { key: 'when', header: t(`list.when.${type}`), render: when },
    {
      key: 'actions',
      header: <span className="sr-only">{t('list.actions')}</span>,
      className: 'text-right',
      render: (r) => (
        // Buttons in a clickable row: their clicks are theirs alone.
        <span
          className="flex justify-end gap-2"
          onClick={(e) => e.stopPropagation()}
          onKeyDown={(e) => e.stopPropagation()}
        >
          {reportOffers(r.status, 'CLAIM') && (
            <Button onClick={() => ask('claim', r)} aria-label={t('action.claim.label', { title: r.title })}>
              {t('action.claim.button')}
            </Button>
          )}
          {r.status === 'CLAIMED' && r.mine && (
            <Button
              variant="secondary"
              onClick={() => ask('disclaim', r)}
              aria-label={t('action.disclaim.label', { title: r.title })}
            >
              {t('action.disclaim.button')}
            </Button>
          )}
          <Button
            variant="ghost"
            onClick={() => open(r)}
            aria-label={t('list.openLabel', { title: r.title })}
          >
            {r.status === 'COMPLETED' ? t('list.review') : t('list.open')}
          </Button>
        </span>
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      <FilterTabs
        label={t('list.types')}
        values={REPORT_LIST_TYPES}
        selected={type}
        onSelect={(value) => {
          setType(value);
          paging.restart();
        }}
        labelOf={(value) => t(`listType.${value}`)}
      />
      <SearchForm
        fields={[{ name: 'keyword', label: t('list.search'), placeholder: t('list.searchPlaceholder') }]}
        initial={{ keyword: searched }}
        onSearch={paging.search}
      />
      <DataTable
        caption={t(`listType.${type}`)}
        columns={columns}
        rows={query.data?.list ?? []}
        rowKey={(r) => r.reportId}
        loading={query.isPending}
        read={query}
        stale={query.isPlaceholderData}
        onRowClick={open}
      />
      <Pagination page={page} pageSize={pageSize} total={query.data?.total ?? 0} onChange={paging.paginate} />
      {dialog}
    </div>
  );
}
