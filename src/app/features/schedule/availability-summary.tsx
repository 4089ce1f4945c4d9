/** Availability at a glance (the availability tab without isEdit=1). */
import { useTranslation } from 'react-i18next';
import type { Schedule } from '../../../shared/api/schedule';
import { formatLocalDate } from '../../components/format';
import { weekdayNames } from './use-schedule';

export function AvailabilitySummary({ schedule }: { schedule: Schedule }) {
  const { t, i18n } = useTranslation('schedule');
  const days = weekdayNames(i18n.language);
  const s = schedule.settings;
  return (
    <section
      aria-label={t('summary.title')}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h2 className="text-lg font-semibold">{t('summary.title')}</h2>
      {!schedule.configured && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-800">{t('summary.notSet')}</p>
      )}
      <p className="text-sm text-slate-600">
        {t('summary.settings', {
          timezone: s.timezone,
          minutes: s.consultationMinutes,
          buffer: s.bufferMinutes,
          days: s.horizonDays,
          hours: s.minNoticeHours,
        })}
      </p>
      <dl className="grid gap-2 sm:grid-cols-2">
        {days.map((day, i) => {
          const hours = schedule.weekly.filter((w) => w.weekday === i + 1);
          return (
            <div key={day} className="flex gap-3 text-sm">
              <dt className="w-28 font-medium">{day}</dt>
              <dd className="text-slate-700">
                {hours.length ? hours.map((h) => `${h.start}–${h.end}`).join(', ') : t('weekly.unavailable')}
              </dd>
            </div>
          );
        })}
      </dl>
      {schedule.overrides.length > 0 && (
        <ul className="text-sm text-slate-700">
          {schedule.overrides.map((o) => (
            <li key={o.id}>
              {formatLocalDate(o.date, i18n.language, { dateStyle: 'full' })}:{' '}
              {o.kind === 'DAY_OFF'
                ? t('overrides.dayOff')
                : t('overrides.extraHours', { start: o.start, end: o.end })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
