/** A report's state as a badge: open, assigned to me, claimed (by me or by someone), completed. */
import { useTranslation } from 'react-i18next';
import type { ReportSummary } from '../../../shared/api/expert-reports';

const STYLES: Record<ReportSummary['status'], string> = {
  OPEN: 'bg-sky-50 text-sky-800 ring-sky-200',
  ASSIGNED: 'bg-amber-50 text-amber-800 ring-amber-200',
  CLAIMED: 'bg-brand-50 text-brand-700 ring-brand/30',
  COMPLETED: 'bg-green-50 text-green-800 ring-green-200',
};

export function ReportStatusBadge({ report }: { report: Pick<ReportSummary, 'status' | 'mine'> }) {
  const { t } = useTranslation('reports');
  const key = report.status === 'CLAIMED' && !report.mine ? 'CLAIMED_OTHER' : report.status;
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ${STYLES[report.status]}`}
    >
      {t(`status.${key}`)}
    </span>
  );
}
