/** The month of /calendar: each day with its available hours and its appointments. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toWallTime } from '../../../shared/time/calendar';
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
  const weeks = Array.from({ length: Math.ceil(days.length / 7) }, (_, w) => days.slice(w * 7, w * 7 + 7));
  // A table of weeks (docs/conventions.md "Accessibility"): each day is a cell under its weekday.
  return (
    <table
      className="w-full table-fixed border-separate border-spacing-0 overflow-hidden rounded-xl border border-slate-200 bg-white"
      aria-label={t('calendar.month')}
    >
      <thead>
        <tr>
          {weekdays.map((w) => (
            <th
              key={w}
              scope="col"
              className="border-b border-slate-200 px-2 py-2 text-center text-xs font-medium text-slate-500"
            >
              {w}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]!.date}>
            {week.map((d) => {
              const hours = d.windows.map((w) => `${toWallTime(w.top)}–${toWallTime(w.bottom)}`);
              return (
                <td
                  key={d.date}
                  className={`h-28 border-b border-l border-slate-100 p-1.5 align-top text-xs ${d.date.startsWith(month) ? '' : 'bg-slate-50 text-slate-600'} ${d.dayOff ? 'bg-slate-100' : ''}`}
                >
                  <div className={`mb-1 font-semibold ${d.isToday ? 'text-brand' : ''}`}>
                    <span className="sr-only">{d.label}</span>
                    <span aria-hidden>{Number(d.date.slice(8))}</span>
                  </div>
                  {d.dayOff && <div className="text-slate-600">{t('overrides.dayOff')}</div>}
                  {hours.length > 0 && (
                    <div
                      role="note"
                      className="mb-1 rounded bg-brand-50 px-1 text-brand-700"
                      aria-label={t('calendar.availableList', { hours: hours.join(', ') })}
                    >
                      {hours.join(', ')}
                    </div>
                  )}
                  <ul className="flex flex-col gap-0.5">
                    {d.appointments.slice(0, 3).map(({ appointment: a, placed }) => (
                      <li key={a.id}>
                        <Link
                          to={detailPath(a.id)}
                          className="block truncate rounded bg-brand px-1 text-white"
                        >
                          {toWallTime(placed.top)} {a.memberName}
                        </Link>
                      </li>
                    ))}
                    {d.appointments.length > 3 && (
                      <li className="text-slate-600">
                        {t('calendar.more', { count: d.appointments.length - 3 })}
                      </li>
                    )}
                  </ul>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
