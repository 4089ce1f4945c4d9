/** The month of /calendar: each day with its available hours and its appointments. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { hhmm } from './calendar-math';
import type { DayItems } from './week-view';

export function MonthView({
  days,
  month,
  weekdays,
  detailPath,
}: {
  days: DayItems[];
  month: string;
  weekdays: string[];
  detailPath(id: number): string;
}) {
  const { t } = useTranslation('schedule');
  return (
    <div className="rounded-xl border border-slate-200 bg-white" role="grid" aria-label={t('calendar.month')}>
      <div className="grid grid-cols-7 border-b border-slate-200">
        {weekdays.map((w) => (
          <div
            key={w}
            role="columnheader"
            className="px-2 py-2 text-center text-xs font-medium text-slate-500"
          >
            {w}
          </div>
        ))}
      </div>
      <div className="grid grid-cols-7">
        {days.map((d) => {
          const hours = d.windows.map((w) => `${hhmm(w.top)}–${hhmm(w.bottom)}`);
          return (
            <div
              key={d.date}
              role="gridcell"
              aria-label={d.label}
              className={`min-h-28 border-b border-l border-slate-100 p-1.5 text-xs ${d.date.startsWith(month) ? '' : 'bg-slate-50 text-slate-400'} ${d.dayOff ? 'bg-slate-100' : ''}`}
            >
              <div className={`mb-1 font-semibold ${d.isToday ? 'text-brand' : ''}`}>
                {Number(d.date.slice(8))}
              </div>
              {d.dayOff && <div className="text-slate-500">{t('overrides.dayOff')}</div>}
              {hours.length > 0 && (
                <div
                  className="mb-1 rounded bg-brand-50 px-1 text-brand-700"
                  aria-label={t('calendar.availableList', { hours: hours.join(', ') })}
                >
                  {hours.join(', ')}
                </div>
              )}
              <ul className="flex flex-col gap-0.5">
                {d.appointments.slice(0, 3).map(({ appointment: a, placed }) => (
                  <li key={a.id}>
                    <Link to={detailPath(a.id)} className="block truncate rounded bg-brand px-1 text-white">
                      {hhmm(placed.top)} {a.memberName}
                    </Link>
                  </li>
                ))}
                {d.appointments.length > 3 && (
                  <li className="text-slate-500">
                    {t('calendar.more', { count: d.appointments.length - 3 })}
                  </li>
                )}
              </ul>
            </div>
          );
        })}
      </div>
    </div>
  );
}
