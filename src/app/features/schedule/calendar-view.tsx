/**
 * /calendar (spec §2): a week or a month of availability and booked appointments, shown in the
 * provider's schedule zone (docs/lessons.md §17) whatever the browser's zone is.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { calendarQuery } from './queries';
import { Button } from '../../components/button';
import { QueryFailed, readFailed, retryFailed } from '../../components/query-failed';
import { usePortalApi, useTimeZone } from '../../root';
import { addDays } from '../../../shared/time/calendar';
import { formatLocalDate } from '../../../shared/time/format';
import { instantAt, localDateAt } from '../../../shared/time/zoned';
import { monthGrid, shiftMonth, weekDays } from './calendar-math';
import { MonthView } from './month-view';
import { useSchedule, weekdayNames } from './use-schedule';
import { itemsForDay, WeekView, type DayItems } from './week-view';

export function CalendarView({ detailPath }: { detailPath(id: number): string }) {
  const { t, i18n } = useTranslation('schedule');
  const api = usePortalApi();
  const schedule = useSchedule();
  // Her zone (one fact, docs/architecture.md §3 "Her time zone"): the session's until the schedule is in.
  const sessionZone = useTimeZone();
  const tz = schedule.data?.settings.timezone ?? sessionZone;
  const today = localDateAt(Date.now(), tz);
  const [mode, setMode] = useState<'week' | 'month'>('week');
  const [anchor, setAnchor] = useState<string | null>(null);
  const current = anchor ?? today;
  const dates = mode === 'week' ? weekDays(current) : monthGrid(current);
  const from = new Date(instantAt(dates[0]!, 0, tz)).toISOString();
  const to = new Date(instantAt(addDays(dates.at(-1)!, 1), 0, tz)).toISOString();
  const calendar = useQuery({ ...calendarQuery(api, from, to), enabled: schedule.isSuccess });
  const days: DayItems[] = dates.map((date) => ({
    date,
    label: formatLocalDate(date, i18n.language, { weekday: 'short', day: 'numeric', month: 'short' }),
    isToday: date === today,
    dayOff: calendar.data?.daysOff.includes(date) ?? false,
    ...itemsForDay(date, tz, calendar.data?.windows ?? [], calendar.data?.appointments ?? []),
  }));
  const move = (step: number) =>
    setAnchor(mode === 'week' ? addDays(current, 7 * step) : shiftMonth(current, step));
  const title =
    mode === 'week'
      ? `${days[0]!.label} – ${days[6]!.label}`
      : formatLocalDate(`${current.slice(0, 7)}-15`, i18n.language, { month: 'long', year: 'numeric' });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <div
          role="group"
          aria-label={t('calendar.view')}
          className="flex rounded-lg border border-slate-300 p-0.5"
        >
          {(['week', 'month'] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              onClick={() => setMode(m)}
              className={`rounded-md px-3 py-1 text-sm ${mode === m ? 'bg-brand text-white' : 'text-slate-700'}`}
            >
              {t(`calendar.${m}`)}
            </button>
          ))}
        </div>
        <Button variant="secondary" aria-label={t('calendar.previous')} onClick={() => move(-1)}>
          ‹
        </Button>
        <Button variant="secondary" onClick={() => setAnchor(null)}>
          {t('calendar.today')}
        </Button>
        <Button variant="secondary" aria-label={t('calendar.next')} onClick={() => move(1)}>
          ›
        </Button>
        <h2 className="flex-1 text-lg font-semibold" aria-live="polite">
          {title}
        </h2>
        <span className="text-sm text-slate-500">{t('calendar.zone', { timezone: tz })}</span>
      </div>
      {(readFailed(schedule) || readFailed(calendar)) && (
        // An empty week is not what a failed read shows (query-failed.tsx).
        <QueryFailed onRetry={() => retryFailed(schedule, calendar)} />
      )}
      {schedule.data && !schedule.data.configured && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-800">{t('summary.notSet')}</p>
      )}
      {mode === 'week' ? (
        <WeekView days={days} detailPath={detailPath} />
      ) : (
        <MonthView
          days={days}
          month={current.slice(0, 7)}
          weekdays={weekdayNames(i18n.language, 'short')}
          detailPath={detailPath}
        />
      )}
    </div>
  );
}
