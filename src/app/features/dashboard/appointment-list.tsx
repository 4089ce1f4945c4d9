/** A short list of appointments (today's, upcoming) linking to their detail. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AppointmentSummary } from '../../../shared/api/consultation';
import { formatDateTime, formatTime } from '../../components/format';
import { paths } from '../../paths';
import { useTimeZone } from '../../root';

export function AppointmentList({
  title,
  items,
  empty,
  withDate,
}: {
  title: string;
  items: AppointmentSummary[];
  empty: string;
  withDate?: boolean;
}) {
  const { i18n } = useTranslation();
  const timeZone = useTimeZone();
  return (
    <section aria-label={title} className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 className="mb-3 font-semibold">{title}</h2>
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100">
          {items.map((a) => (
            <li key={a.id}>
              <Link
                to={`${paths.orderDetail}?id=${a.id}`}
                className="flex items-center gap-3 py-2 text-sm hover:bg-brand-50"
              >
                <span className="w-40 shrink-0 tabular-nums text-slate-600">
                  {withDate
                    ? formatDateTime(a.startsAt, i18n.language, timeZone)
                    : `${formatTime(a.startsAt, i18n.language, timeZone)} – ${formatTime(a.endsAt, i18n.language, timeZone)}`}
                </span>
                <span className="font-medium">{a.memberName}</span>
                <span className="truncate text-slate-500">{a.topic}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
