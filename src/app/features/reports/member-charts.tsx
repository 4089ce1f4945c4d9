/**
 * The member's cycles on a report screen (spec §7 "Content and cycle data"): history flags and
 * statistics over every cycle on record, one chosen cycle (temperature curve with cover line and
 * ovulation, LH, calendar), the overlay of 1, 3 or 6 cycles, and the PDF link calls; the comparison
 * PDF holds the cycles the overlay shows. Its charts are drawn as they come near the viewport: the
 * report's text and editor come first (docs/performance.md "Where the main thread goes"). Dates
 * are the member's own calendar dates, shown without time zone conversion; her time zone is named.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  CycleCalendar,
  CycleChart,
  CycleOverlay,
  type OverlayCount,
  statisticLine,
} from '../../components/cycle-charts';
import { dateTimeFormat } from '../../components/format';
import { TallLoading } from '../../components/tall-loading';
import { cycleCalls } from '../../api/domain-calls';
import { FileLinkButton } from './file-link-button';
import { dailyChartPath } from './links';
import { useMemberCycles } from './queries';
import { useTemperatureUnit } from './use-temperature-unit';
import { usePortalApi } from '../../root';

const atNoon = (date: string) => new Date(`${date}T12:00:00Z`);

export function MemberCharts({ memberId, reportId }: { memberId: number; reportId: number }) {
  const { t, i18n } = useTranslation('reports');
  const unit = useTemperatureUnit();
  const cycles = cycleCalls(usePortalApi());
  const query = useMemberCycles(memberId);
  const [chosen, setChosen] = useState<number | null>(null);
  const [overlayCount, setOverlayCount] = useState<OverlayCount>(3);
  const data = query.data;
  if (query.isPending) return <TallLoading className="rounded-2xl border border-slate-200 bg-white p-5" />;
  if (!data) return <p className="text-sm text-slate-500">{t('charts.unavailable')}</p>;
  const date = (d: string) =>
    dateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(atNoon(d));
  // First shown: the most recent cycle whose ovulation was found (the running one too), else the latest.
  const newestFirst = [...data.cycles].reverse();
  const initial = newestFirst.find((c) => c.ovulation.day !== null) ?? newestFirst[0];
  const cycle = data.cycles.find((c) => c.number === chosen) ?? initial;
  return (
    <section
      aria-label={t('charts.title')}
      className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-semibold">{t('charts.title')}</h2>
        <div className="flex flex-wrap gap-2">
          {cycle && (
            <FileLinkButton
              label={t('charts.cyclePdf')}
              request={() => cycles.analysisLink({ memberId, cycle: cycle.number }, { quiet: true })}
            />
          )}
          <FileLinkButton
            label={t('charts.comparisonPdf')}
            request={() => cycles.comparisonLink({ memberId, count: overlayCount }, { quiet: true })}
          />
          <Link to={dailyChartPath(reportId)} className="self-center text-sm text-brand hover:underline">
            {t('charts.dailyChart')}
          </Link>
        </div>
      </div>
      <p className="text-xs text-slate-500">
        {t('charts.memberDates', { zone: data.member.timezone, today: date(data.member.today) })}
      </p>
      {data.pregnancy && (
        <p className="rounded-lg bg-sky-50 p-3 text-sm text-sky-900">
          {t('charts.pregnant', {
            weeks: data.pregnancy.weeks,
            days: data.pregnancy.days,
            trimester: data.pregnancy.trimester,
            due: date(data.pregnancy.dueDate),
          })}
        </p>
      )}
      <h3 className="text-sm font-semibold text-slate-700">
        {t('charts.onRecord', { count: data.cycles.length })}
      </h3>
      <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4" data-testid="history-statistics">
        {(['cycleLength', 'periodLength', 'follicularLength', 'lutealLength'] as const).map((k) => (
          <div key={k} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-slate-500">
              {t(`charts:${k === 'follicularLength' ? 'follicular' : k === 'lutealLength' ? 'luteal' : k}`)}
            </dt>
            <dd className="font-medium">
              {statisticLine(data.statistics[k], i18n.language)}
              <span className="block text-xs font-normal text-slate-500">
                {t('charts:cyclesN', { count: data.statistics[k].n })}
              </span>
            </dd>
          </div>
        ))}
      </dl>
      {data.historyFlags.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {data.historyFlags.map((f) => (
            <li
              key={f}
              className="rounded-full bg-amber-50 px-3 py-1 text-xs text-amber-900 ring-1 ring-amber-200"
            >
              {t(`charts:flag.${f}`)}
            </li>
          ))}
        </ul>
      )}
      {!cycle ? (
        <p className="text-sm text-slate-500">{t('charts.noCycles')}</p>
      ) : (
        <>
          <label className="flex items-center gap-2 text-sm">
            <span className="font-medium text-slate-700">{t('charts.cycle')}</span>
            <select
              value={cycle.number}
              onChange={(e) => setChosen(Number(e.target.value))}
              className="rounded-lg border border-slate-300 bg-white px-2 py-1"
            >
              {data.cycles.map((c) => (
                <option key={c.number} value={c.number}>
                  {t('charts.cycleOption', {
                    number: c.number,
                    start: date(c.startDate),
                    count: c.length,
                  })}
                  {c.complete ? '' : ` · ${t('charts.running')}`}
                </option>
              ))}
            </select>
          </label>
          {cycle.flags.length > 0 && (
            <ul className="flex flex-wrap gap-2">
              {cycle.flags.map((f) => (
                <li
                  key={f}
                  className="rounded-full bg-rose-50 px-3 py-1 text-xs text-rose-900 ring-1 ring-rose-200"
                >
                  {t(`charts:flag.${f}`)}
                </li>
              ))}
            </ul>
          )}
          <CycleChart cycle={cycle} days={data.days} unit={unit} whenNear />
          <CycleCalendar cycle={cycle} days={data.days} />
          <CycleOverlay
            cycles={data.cycles}
            days={data.days}
            unit={unit}
            count={overlayCount}
            onCountChange={setOverlayCount}
          />
        </>
      )}
    </section>
  );
}
