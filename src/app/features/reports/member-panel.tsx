/**
 * The report's member (getUserInfo): age, goal, usual cycle, known conditions, and where she is
 * (trying for how long, or pregnancy week and due date); and her earlier reports
 * (getReportsByUserId), each opened for review. Her usual cycle and period are her records' means,
 * written as the cycle statistics write them (src/shared/cycle format.ts, issue 26), and say how
 * many cycles they come from; without records, what her profile says.
 */
import { TABLE_PAGE_SIZES } from '../../../shared/constants';
import { useTablePaging } from '../../components/use-table-paging';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDecimal } from '../../../shared/cycle';
import { formatLocalDate } from '../../../shared/time/format';
import { formatDateTime } from '../../components/format';
import { QueryFailed, ReadPending, readFailed } from '../../components/query-failed';
import { Pagination } from '../../components/pagination';
import { reportReviewPath } from './links';
import { useMemberInfo, useMemberReports } from './queries';
import { useTimeZone } from '../../root';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 py-1">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium text-slate-800">{value}</dd>
    </div>
  );
}

export function MemberPanel({ userId, currentReportId }: { userId: number; currentReportId: number }) {
  const { t, i18n } = useTranslation('reports');
  const timeZone = useTimeZone();
  const info = useMemberInfo(userId);
  const paging = useTablePaging();
  const { page, pageSize } = paging;
  const earlier = useMemberReports(userId, page, pageSize);
  const m = info.data;
  const date = (d: string | null) => (d ? formatLocalDate(d, i18n.language) : '—');
  // From her records: one decimal, as the statistics; from her profile: the whole days she gave.
  const days = (value: number) =>
    m && m.recordedCycles > 0 ? formatDecimal(value, i18n.language) : String(value);
  const cycle =
    m?.cycleLengthDays == null
      ? '—'
      : m.cycleLengthRange
        ? t('member.cycleRange', {
            days: days(m.cycleLengthDays),
            min: m.cycleLengthRange.min,
            max: m.cycleLengthRange.max,
          })
        : t('member.daysValue', { value: days(m.cycleLengthDays) });
  const others = (earlier.data?.list ?? []).filter((r) => r.reportId !== currentReportId);
  return (
    <aside className="flex flex-col gap-4" aria-label={t('member.title')}>
      <section className="rounded-2xl border border-slate-200 bg-white p-5">
        <h2 className="mb-3 font-semibold">{m ? m.name : t('member.title')}</h2>
        {!m ? (
          <ReadPending read={info}>
            <p className="text-sm text-slate-500">{t('common:loading')}</p>
          </ReadPending>
        ) : (
          <>
            <dl className="text-sm">
              <Row
                label={t('member.age')}
                value={m.age === null ? '—' : t('member.years', { count: m.age })}
              />
              <Row label={t('member.goal')} value={m.goal ? t(`goal.${m.goal}`) : '—'} />
              {m.goal === 'TRYING_TO_CONCEIVE' && m.tryingForMonths !== null && (
                <Row label={t('member.trying')} value={t('member.months', { count: m.tryingForMonths })} />
              )}
              {m.goal === 'PREGNANT' && (
                <>
                  <Row
                    label={t('member.pregnancyWeek')}
                    value={m.pregnancyWeek === null ? '—' : t('member.week', { week: m.pregnancyWeek })}
                  />
                  <Row label={t('member.dueDate')} value={date(m.dueDate)} />
                </>
              )}
              <Row label={t('member.cycleLength')} value={cycle} />
              <Row
                label={t('member.periodLength')}
                value={
                  m.periodLengthDays === null
                    ? '—'
                    : t('member.daysValue', { value: days(m.periodLengthDays) })
                }
              />
            </dl>
            {/* Between the lists: a list of terms holds only terms and their values. */}
            <p className="pb-1 text-right text-xs text-slate-500" data-testid="cycle-source">
              {m.recordedCycles > 0
                ? t('member.fromRecords', { count: m.recordedCycles })
                : t('member.fromProfile')}
            </p>
            <dl className="text-sm">
              <Row label={t('member.lmp')} value={date(m.lastMenstrualPeriod)} />
              <Row
                label={t('member.conditions')}
                value={m.conditions.length === 0 ? t('member.none') : m.conditions.join(', ')}
              />
              <Row label={t('member.timezone')} value={m.timezone} />
            </dl>
          </>
        )}
      </section>
      <section className="rounded-2xl border border-slate-200 bg-white p-5">
        <h2 className="mb-3 font-semibold">{t('member.earlier')}</h2>
        {earlier.isPending ? (
          <p className="text-sm text-slate-500">{t('common:loading')}</p>
        ) : readFailed(earlier) ? (
          <QueryFailed onRetry={() => void earlier.refetch()} />
        ) : others.length === 0 ? (
          <p className="text-sm text-slate-500">{t('common:table.noData')}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {others.map((r) => (
              <li key={r.reportId} className="py-2">
                <Link to={reportReviewPath(r.reportId)} className="font-medium text-brand hover:underline">
                  {r.title}
                </Link>
                <div className="text-xs text-slate-500">
                  {t(`type.${r.type}`)} · {r.providerName ?? '—'} ·{' '}
                  {formatDateTime(r.completedAt, i18n.language, timeZone)}
                </div>
              </li>
            ))}
          </ul>
        )}
        {(earlier.data?.total ?? 0) > TABLE_PAGE_SIZES[0] && (
          <Pagination
            page={page}
            pageSize={pageSize}
            total={earlier.data!.total}
            onChange={paging.paginate}
          />
        )}
      </section>
    </aside>
  );
}
