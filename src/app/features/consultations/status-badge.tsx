/** An appointment status as a coloured label. */
import { useTranslation } from 'react-i18next';
import type { AppointmentStatus } from '../../../shared/api/consultation';

const TONE: Record<AppointmentStatus, string> = {
  UPCOMING: 'bg-brand-100 text-brand-700',
  IN_PROGRESS: 'bg-emerald-100 text-emerald-700',
  COMPLETED: 'bg-slate-100 text-slate-700',
  CANCELLED: 'bg-red-100 text-red-700',
};

export function StatusBadge({ status }: { status: AppointmentStatus }) {
  const { t } = useTranslation('workspace');
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${TONE[status]}`}>
      {t(`status.${status}`)}
    </span>
  );
}
