/**
 * A cycle as a calendar (spec §7 "Content and cycle data"): period, fertile window and ovulation
 * day marked on the member's own dates, with LH peaks and intercourse noted. A table, so it reads
 * well with a screen reader and in print.
 */
import { CircleDot, Heart, Triangle } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CycleAnalysis, CycleDay } from '../../../shared/cycle';
import { dateTimeFormat } from '../format';
import { calendarWeeks, MONDAY_WEEK, type CalendarCell } from './calendar-cells';

/** Member dates are calendar dates: format them at noon UTC in UTC so no zone moves the day. */
const atNoon = (date: string) => new Date(`${date}T12:00:00Z`);

/** A day's colours: the cell and its cycle day, each at 4.5:1 or more (docs/conventions.md "Accessibility"). */
function cellClass(cell: CalendarCell): { cell: string; cycleDay: string } {
  if (cell.ovulation) return { cell: 'bg-green-700 text-white font-semibold', cycleDay: 'font-normal' };
  if (cell.period) return { cell: 'bg-rose-100 text-rose-900', cycleDay: 'text-rose-700' };
  if (cell.fertile) return { cell: 'bg-green-100 text-green-900', cycleDay: 'text-green-800' };
  return { cell: 'bg-white text-slate-700', cycleDay: 'text-slate-500' };
}

export function CycleCalendar({ cycle, days }: { cycle: CycleAnalysis; days: readonly CycleDay[] }) {
  const { t, i18n } = useTranslation('charts');
  const weeks = useMemo(() => calendarWeeks(cycle, days), [cycle, days]);
  const weekdayFormat = dateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' });
  const dayFormat = dateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const longFormat = dateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' });
  const describe = (cell: CalendarCell) =>
    [
      longFormat.format(atNoon(cell.date)),
      t('cycleDayN', { day: cell.cycleDay }),
      cell.period && t('period'),
      cell.record.flow && t(`flow.${cell.record.flow}`),
      cell.fertile && t('fertileWindow'),
      cell.ovulation && t('ovulation'),
      cell.lhPeak && t('lhPeak'),
      cell.record.intercourse && t('intercourse'),
    ]
      .filter(Boolean)
      .join(', ');
  return (
    <div className="flex flex-col gap-2" data-testid="cycle-calendar">
      <table className="w-full table-fixed border-separate border-spacing-1 text-xs">
        <caption className="sr-only">{t('calendarTitle', { number: cycle.number })}</caption>
        <thead>
          <tr>
            {MONDAY_WEEK.map((d) => (
              <th key={d} scope="col" className="font-medium text-slate-500">
                {weekdayFormat.format(atNoon(d))}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((cell, i) =>
                cell === null ? (
                  <td key={i} />
                ) : (
                  <td
                    key={cell.date}
                    aria-label={describe(cell)}
                    title={describe(cell)}
                    data-ovulation={cell.ovulation || undefined}
                    className={`h-12 rounded-md p-1 align-top ring-1 ring-slate-200 ${cellClass(cell).cell}`}
                  >
                    <div className="flex justify-between">
                      <span>{dayFormat.format(atNoon(cell.date))}</span>
                      <span className={cellClass(cell).cycleDay}>{cell.cycleDay}</span>
                    </div>
                    <div aria-hidden className="mt-0.5 flex gap-0.5">
                      {cell.lhPeak && <Triangle className="h-3 w-3 fill-current" />}
                      {cell.record.intercourse && <Heart className="h-3 w-3 fill-current" />}
                      {cell.ovulation && <CircleDot className="h-3 w-3" />}
                    </div>
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="flex flex-wrap gap-3 text-xs text-slate-600">
        <li className="flex items-center gap-1">
          <span aria-hidden className="inline-block h-3 w-3 rounded bg-rose-100 ring-1 ring-rose-200" />
          {t('period')}
        </li>
        <li className="flex items-center gap-1">
          <span aria-hidden className="inline-block h-3 w-3 rounded bg-green-100 ring-1 ring-green-200" />
          {t('fertileWindow')}
        </li>
        <li className="flex items-center gap-1">
          <span aria-hidden className="inline-block h-3 w-3 rounded bg-green-700" />
          {t('ovulation')}
        </li>
        <li className="flex items-center gap-1">
          <Triangle aria-hidden className="h-3 w-3 fill-current" />
          {t('lhPeak')}
        </li>
        <li className="flex items-center gap-1">
          <Heart aria-hidden className="h-3 w-3 fill-current" />
          {t('intercourse')}
        </li>
      </ul>
    </div>
  );
}
