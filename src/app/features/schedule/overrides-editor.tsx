/** One-off overrides (docs/lessons.md §17): extra hours on a date, or a day off; added and deleted at once. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../rest';
import type { Schedule } from '../../../shared/api/schedule';
import { Button } from '../../components/button';
import { formatLocalDate } from '../../components/format';
import { failureLine } from '../../components/server-field-errors';
import { useScheduleMutations } from './use-schedule';

export function OverridesEditor({ schedule }: { schedule: Schedule }) {
  const { t, i18n } = useTranslation('schedule');
  const { update, remove } = useScheduleMutations();
  const [kind, setKind] = useState<'EXTRA' | 'DAY_OFF'>('DAY_OFF');
  const [date, setDate] = useState('');
  const [start, setStart] = useState('18:00');
  const [end, setEnd] = useState('20:00');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = async () => {
    setError(null);
    try {
      await update.mutateAsync({
        overrides: [{ date, kind, note, ...(kind === 'EXTRA' ? { start, end } : {}) }],
      });
      setDate('');
      setNote('');
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setError(failureLine(e));
    }
  };

  return (
    <section
      aria-label={t('overrides.title')}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6"
    >
      <div>
        <h2 className="text-lg font-semibold">{t('overrides.title')}</h2>
        <p className="text-sm text-slate-600">{t('overrides.intro')}</p>
      </div>
      <ul className="flex flex-col gap-2">
        {schedule.overrides.length === 0 && <li className="text-sm text-slate-500">{t('overrides.none')}</li>}
        {schedule.overrides.map((o) => {
          const day = formatLocalDate(o.date, i18n.language, { dateStyle: 'full' });
          return (
            <li
              key={o.id}
              className="flex items-center justify-between rounded-lg bg-slate-50 px-3 py-2 text-sm"
            >
              <span>
                <strong className="mr-2">{day}</strong>
                {o.kind === 'DAY_OFF'
                  ? t('overrides.dayOff')
                  : t('overrides.extraHours', { start: o.start, end: o.end })}
                {o.note && <span className="ml-2 text-slate-500">· {o.note}</span>}
              </span>
              <button
                type="button"
                className="text-xs text-red-600 hover:underline"
                // Every one shows "Delete"; its name adds the date after it (docs/conventions.md
                // "Accessibility": the name contains the label).
                aria-label={t('overrides.deleteLabel', { date: day })}
                onClick={() => remove.mutate([o.id])}
              >
                {t('overrides.delete')}
              </button>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">{t('overrides.kind')}</span>
          <select
            value={kind}
            onChange={(e) => setKind(e.target.value as 'EXTRA' | 'DAY_OFF')}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2"
          >
            <option value="DAY_OFF">{t('overrides.dayOff')}</option>
            <option value="EXTRA">{t('overrides.extra')}</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">{t('overrides.date')}</span>
          <input
            type="date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            className="rounded-lg border border-slate-300 px-3 py-2"
          />
        </label>
        {kind === 'EXTRA' && (
          <>
            <label className="flex flex-col gap-1 text-sm">
              <span className="font-medium text-slate-700">{t('overrides.start')}</span>
              <input
                type="time"
                step={300}
                value={start}
                onChange={(e) => setStart(e.target.value)}
                className="rounded-lg border border-slate-300 px-3 py-2"
              />
            </label>
            <label className="flex flex-col gap-1 text-sm">
              <span className="font-medium text-slate-700">{t('overrides.end')}</span>
              <input
                type="time"
                step={300}
                value={end}
                onChange={(e) => setEnd(e.target.value)}
                className="rounded-lg border border-slate-300 px-3 py-2"
              />
            </label>
          </>
        )}
        <label className="flex flex-1 flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">{t('overrides.note')}</span>
          <input
            value={note}
            maxLength={200}
            onChange={(e) => setNote(e.target.value)}
            className="rounded-lg border border-slate-300 px-3 py-2"
          />
        </label>
        <Button onClick={() => void add()} disabled={!date} busy={update.isPending}>
          {t('overrides.add')}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </section>
  );
}
