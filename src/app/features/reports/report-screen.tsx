/**
 * /reports/detail and /reports/review (spec §2, §7 "Expert reports"): one report by
 * getByExpertReportId with its member (getUserInfo, earlier reports) and her cycle charts. On
 * detail, a report the provider claimed opens in the editor; an open one can be claimed, hers
 * disclaimed. Review shows the content read-only, as the member receives it.
 */
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { ReportDetail } from '../../../shared/api/expert-reports';
import { reportOffers } from '../../../shared/expert-reports';
import { cycleCalls } from '../../api/domain-calls';
import { Button } from '../../components/button';
import { formatDateTime } from '../../components/format';
import { TallLoading } from '../../components/tall-loading';
import { WhenNear } from '../../components/when-near';
import { paths } from '../../paths';
import { useConfirmedAction } from './confirm-action';
import { FileLinkButton } from './file-link-button';
import { idParam, reportDetailPath, reportReviewPath } from './links';
import { MemberCharts } from './member-charts';
import { MemberPanel } from './member-panel';
import { usePrefetchCatalogue, useReportDetail } from './queries';
import { ReportContentView } from './report-content-view';
import { ReportEditor } from './report-editor';
import { ReportStatusBadge } from './status-badge';
import { usePortalApi, useTimeZone } from '../../root';

export function ReportScreen({ mode }: { mode: 'detail' | 'review' }) {
  const { t, i18n } = useTranslation('reports');
  const timeZone = useTimeZone();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const reportId = idParam(params.get('reportId'));
  const cycles = cycleCalls(usePortalApi());
  const query = useReportDetail(reportId);
  usePrefetchCatalogue(mode === 'detail' && reportId !== null);
  // The report's heading and the member's question paint as soon as the report comes; its editor,
  // charts and member panel follow in a render React can interrupt, so the answer's render is not
  // one long task (docs/performance.md "Layout shifts").
  const later = useDeferredValue(query.data);
  const actions = useConfirmedAction((action) => {
    if (action === 'disclaim') navigate(paths.reports);
  });
  if (reportId === null) return <p className="text-slate-600">{t('view.missing')}</p>;
  if (query.isPending) return <p className="text-slate-500">{t('common:loading')}</p>;
  if (!query.data)
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-slate-600">{t('view.notFound')}</p>
        <Link to={paths.reports} className="text-brand hover:underline">
          {t('view.toList')}
        </Link>
      </div>
    );
  const r = query.data;
  const canClaim = reportOffers(r.status, 'CLAIM');
  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-wrap items-start justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-5">
        <div className="flex flex-col gap-1">
          <h2 className="text-lg font-semibold">{r.title}</h2>
          <p className="text-sm text-slate-600">
            {t(`type.${r.type}`)} · {r.memberName} ·{' '}
            {t('view.requested', { when: formatDateTime(r.createdAt, i18n.language, timeZone) })}
          </p>
          <div className="flex items-center gap-2 text-sm">
            <ReportStatusBadge report={r} />
            {r.providerName && !r.mine && (
              <span className="text-slate-500">{t('view.heldBy', { name: r.providerName })}</span>
            )}
            {r.completedAt && (
              <span className="text-slate-500">
                {t('view.completedAt', { when: formatDateTime(r.completedAt, i18n.language, timeZone) })}
              </span>
            )}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {canClaim && <Button onClick={() => actions.ask('claim', r)}>{t('action.claim.button')}</Button>}
          {r.status === 'CLAIMED' && r.mine && (
            <Button variant="secondary" onClick={() => actions.ask('disclaim', r)}>
              {t('action.disclaim.button')}
            </Button>
          )}
          {r.mine && (
            <FileLinkButton
              label={t('view.reportPdf')}
              request={() => cycles.expertReportLink({ reportId: r.reportId }, { quiet: true })}
            />
          )}
          {mode === 'detail' && r.status === 'COMPLETED' && (
            <Link
              to={reportReviewPath(r.reportId)}
              className="self-center text-sm text-brand hover:underline"
            >
              {t('list.review')}
            </Link>
          )}
          {mode === 'review' && r.status !== 'COMPLETED' && (
            <Link
              to={reportDetailPath(r.reportId)}
              className="self-center text-sm text-brand hover:underline"
            >
              {t('list.open')}
            </Link>
          )}
        </div>
      </header>
      {r.memberQuestion && (
        <blockquote className="rounded-2xl border-l-4 border-brand bg-brand-50 p-4 text-sm text-slate-800">
          <p className="mb-1 font-medium">{t('view.question')}</p>
          <p className="whitespace-pre-wrap">{r.memberQuestion}</p>
        </blockquote>
      )}
      {later?.reportId === r.reportId ? <ReportBody report={later} mode={mode} /> : <TallLoading />}
      {actions.dialog}
    </div>
  );
}

/** Where a section below the first screen will be, until it comes near (components/when-near.tsx). */
const LOWER_SECTION = 'min-h-64 rounded-2xl border border-slate-200 bg-white';

/**
 * The report's content (editor or read-only), the member's charts and her panel; the charts and
 * the panel render, and ask for her data, as they come near the viewport.
 */
function ReportBody({ report: r, mode }: { report: ReportDetail; mode: 'detail' | 'review' }) {
  const { t } = useTranslation('reports');
  // Her health data is readable through a report the provider claimed or completed
  // (docs/entities.md "Expert reports"); before the claim the screen asks for one.
  const holds = r.mine && (r.status === 'CLAIMED' || r.status === 'COMPLETED');
  return (
    <div className="grid gap-5 xl:grid-cols-[minmax(0,1fr)_320px]">
      <div className="flex min-w-0 flex-col gap-5">
        {mode === 'detail' && r.editable ? (
          <ReportEditor key={r.reportId} report={r} />
        ) : (
          <ReportContentView report={r} />
        )}
        {holds ? (
          <WhenNear className={LOWER_SECTION}>
            <MemberCharts memberId={r.memberId} reportId={r.reportId} />
          </WhenNear>
        ) : (
          <p className="rounded-2xl border border-slate-200 bg-white p-5 text-sm text-slate-600">
            {t('view.claimToSee')}
          </p>
        )}
      </div>
      {holds && (
        <WhenNear className={LOWER_SECTION}>
          <MemberPanel userId={r.memberId} currentReportId={r.reportId} />
        </WhenNear>
      )}
    </div>
  );
}
