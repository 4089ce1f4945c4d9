/**
 * Settings and weekly hours of the availability editor (docs/lessons.md §17): zone, consultation
 * length, buffer, horizon and notice, and per weekday any number of hours. Saved together; the
 * server's field errors (`weekly.3`) are shown beside the hours they name.
 */
import { X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../rest';
import type { Schedule } from '../../../shared/api/schedule';
import { SCHEDULE_LIMITS } from '../../../shared/api/schedule';
import { Button } from '../../components/button';
import { TimeZonePicker } from '../../components/time-zone-picker';
import { failureText, fieldText } from '../../components/server-field-errors';
import { useToasts } from '../../root';
import { useScheduleMutations, weekdayNames } from './use-schedule';

interface Slot {
  key: number;
  weekday: number;
  start: string;
  end: string;
}

/** The rows of `s`, keyed by `nextKey` (the editor's own counter: a key names one row while it is shown). */
const toSlots = (s: Schedule, nextKey: () => number) =>
  s.weekly.map((w) => ({ key: nextKey(), weekday: w.weekday, start: w.start, end: w.end }));

function NumberSetting({
  label,
  value,
  onChange,
  min,
  max,
  step,
}: {
  label: string;
  value: number;
  onChange(v: number): void;
  min: number;
  max: number;
  step: number;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium text-slate-700">{label}</span>
      <input
        type="number"
        value={value}
        min={min}
        max={max}
        step={step}
        onChange={(e) => onChange(Number(e.target.value))}
        className="w-32 rounded-lg border border-slate-300 px-3 py-2"
      />
    </label>
  );
}

export function WeeklyEditor({ schedule }: { schedule: Schedule }) {
  const toasts = useToasts();
  const { t, i18n } = useTranslation('schedule');
  const { update } = useScheduleMutations();
  const days = weekdayNames(i18n.language);
  const [settings, setSettings] = useState(schedule.settings);
  const keys = useRef(0);
  const nextKey = () => ++keys.current;
  const [slots, setSlots] = useState<Slot[]>(() => toSlots(schedule, nextKey));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof settings>(key: K, value: (typeof settings)[K]) =>
    setSettings({ ...settings, [key]: value });

  const save = async () => {
    setErrors({});
    const ordered = [...slots].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start));
    try {
      const saved = await update.mutateAsync({
        ...settings,
        weekly: ordered.map(({ weekday, start, end }) => ({ weekday, start, end })),
      });
      setSlots(toSlots(saved, nextKey));
      toasts.show(t('saved'), 'success');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const found: Record<string, string> = {};
      for (const f of error.fields) {
        const m = /^weekly\.(\d+)/.exec(f.field);
        const slot = m ? ordered[Number(m[1])] : undefined;
        found[slot ? String(slot.key) : f.field] = fieldText(f);
      }
      setErrors(found);
      if (error.fields.length === 0) toasts.show(failureText(error));
    }
  };

  return (
    <section
      aria-label={t('weekly.title')}
      className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-6"
    >
      <div>
        <h2 className="text-lg font-semibold">{t('weekly.title')}</h2>
        <p className="text-sm text-slate-600">{t('weekly.intro')}</p>
      </div>
      <div className="flex flex-wrap gap-4">
        <TimeZonePicker
          label={t('settings.timezone')}
          value={settings.timezone}
          onChange={(zone) => set('timezone', zone)}
        />
        <NumberSetting
          label={t('settings.consultationMinutes')}
          value={settings.consultationMinutes}
          step={5}
          {...SCHEDULE_LIMITS.consultationMinutes}
          onChange={(v) => set('consultationMinutes', v)}
        />
        <NumberSetting
          label={t('settings.bufferMinutes')}
          value={settings.bufferMinutes}
          step={5}
          {...SCHEDULE_LIMITS.bufferMinutes}
          onChange={(v) => set('bufferMinutes', v)}
        />
        <NumberSetting
          label={t('settings.horizonDays')}
          value={settings.horizonDays}
          step={1}
          {...SCHEDULE_LIMITS.horizonDays}
          onChange={(v) => set('horizonDays', v)}
        />
        <NumberSetting
          label={t('settings.minNoticeHours')}
          value={settings.minNoticeHours}
          step={1}
          {...SCHEDULE_LIMITS.minNoticeHours}
          onChange={(v) => set('minNoticeHours', v)}
        />
      </div>
      {Object.entries(errors)
        .filter(([k]) => !/^\d+$/.test(k))
        .map(([k, m]) => (
          <p key={k} role="alert" className="text-sm text-red-600">
            {k}: {m}
          </p>
        ))}
      <ol className="flex flex-col divide-y divide-slate-100">
        {days.map((day, i) => {
          const weekday = i + 1;
          const mine = slots.filter((s) => s.weekday === weekday);
          return (
            <li key={day} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start">
              <span className="w-32 pt-2 text-sm font-medium">{day}</span>
              <div className="flex flex-1 flex-col gap-2">
                {mine.length === 0 && (
                  <span className="pt-2 text-sm text-slate-500">{t('weekly.unavailable')}</span>
                )}
                {mine.map((s, n) => (
                  <div key={s.key} className="flex flex-wrap items-center gap-2">
                    <input
                      type="time"
                      step={300}
                      aria-label={t('weekly.start', { day, n: n + 1 })}
                      value={s.start}
                      onChange={(e) =>
                        setSlots(slots.map((x) => (x.key === s.key ? { ...x, start: e.target.value } : x)))
                      }
                      className="rounded-lg border border-slate-300 px-2 py-1 text-sm"
                    />
                    <span aria-hidden>–</span>
                    <input
                      type="time"
                      step={300}
                      aria-label={t('weekly.end', { day, n: n + 1 })}
                      value={s.end === '24:00' ? '23:59' : s.end}
                      onChange={(e) =>
                        setSlots(
                          slots.map((x) =>
                            x.key === s.key
                              ? { ...x, end: e.target.value === '23:59' ? '24:00' : e.target.value }
                              : x,
                          ),
                        )
                      }
                      className="rounded-lg border border-slate-300 px-2 py-1 text-sm"
                    />
                    <button
                      type="button"
                      aria-label={t('weekly.remove', { day, n: n + 1 })}
                      className="px-2 text-slate-500 hover:text-red-600"
                      onClick={() => setSlots(slots.filter((x) => x.key !== s.key))}
                    >
                      <X aria-hidden className="h-4 w-4" />
                    </button>
                    {errors[String(s.key)] && (
                      <span role="alert" className="text-xs text-red-600">
                        {errors[String(s.key)]}
                      </span>
                    )}
                  </div>
                ))}
              </div>
              <Button
                variant="ghost"
                aria-label={t('weekly.addFor', { day })}
                onClick={() =>
                  setSlots([
                    ...slots,
                    {
                      key: nextKey(),
                      weekday,
                      start: mine.at(-1)?.end ?? '09:00',
                      end: mine.length ? '18:00' : '12:00',
                    },
                  ])
                }
              >
                {t('weekly.add')}
              </Button>
            </li>
          );
        })}
      </ol>
      <div className="flex justify-end">
        <Button onClick={() => void save()} busy={update.isPending}>
          {t('weekly.save')}
        </Button>
      </div>
    </section>
  );
}
