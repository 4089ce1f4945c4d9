/**
 * The share window (spec §2 /shareScreen?otherUserId={id}, a 735×970 popup titled with the
 * client's name): the client's fertility data the provider shares during a call — her cycle
 * chart, calendar and ovulation (spec §5 'Charts, Calendar, Ovulation'), from the cycle-data calls
 * (spec §7) drawn by components/cycle-charts. The chat is not used here (spec §2). The call sends
 * the same view drawn into a canvas by the call page (share-canvas.ts), which hears the cycle
 * chosen here over a BroadcastChannel (share-view-data.ts); this window itself is never captured.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/button';
import {
  CycleCalendar,
  CycleChart,
  formatStatistic,
  temperatureUnitFor,
} from '../../components/cycle-charts';
import { formatLocalDate } from '../../components/format';
import { usePortalApi, useSession } from '../../root';
import { callClientQuery, sharedCyclesQuery } from './queries';
import { SHARE_VIEW_CHANNEL, shownCycle, type ShareViewChoice } from './share-view-data';

function Ovulation({ day, method, mean }: { day: number | null; method: string; mean: string }) {
  const { t } = useTranslation(['calls', 'charts']);
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm">
      <div className="rounded-lg bg-slate-50 p-3">
        <dt className="text-slate-500">{t('calls:shareView.thisCycle')}</dt>
        <dd className="font-medium">
          {day === null
            ? t('charts:summary.noOvulation')
            : t('calls:shareView.ovulationDay', { day, method: t(`charts:method.${method}`) })}
        </dd>
      </div>
      <div className="rounded-lg bg-slate-50 p-3">
        <dt className="text-slate-500">{t('calls:shareView.usualDay')}</dt>
        <dd className="font-medium">{mean}</dd>
      </div>
    </dl>
  );
}

export function ShareScreenView({ otherUserId }: { otherUserId: number | null }) {
  const { t, i18n } = useTranslation(['calls', 'common']);
  const { userInfo } = useSnapshot(useSession().state);
  const api = usePortalApi();
  const client = useQuery({ ...callClientQuery(api, otherUserId ?? 0), enabled: otherUserId !== null });
  const memberId = client.data?.userId ?? null;
  const cycles = useQuery({ ...sharedCyclesQuery(api, memberId ?? 0), enabled: memberId !== null });
  const [chosen, setChosen] = useState<number | null>(null);
  const name = client.data?.name ?? cycles.data?.member.name ?? '';

  // The call page draws what it sends from the cycle chosen here (share-canvas.ts).
  const channel = useRef<BroadcastChannel | null>(null);
  useEffect(() => {
    const open = new BroadcastChannel(SHARE_VIEW_CHANNEL);
    channel.current = open;
    return () => {
      open.close();
      channel.current = null;
    };
  }, []);

  useEffect(() => {
    if (name) document.title = name;
  }, [name]);

  // Before the data, and without it, the window is still a page with its heading (axe's
  // page-has-heading-one; docs/conventions.md "Accessibility"); without it, a way to close it.
  const untitled = (text: string, closable = false) => (
    <main className="flex flex-col items-start gap-2 p-6">
      <h1 className="text-xl font-semibold">{t('calls:shareView.heading')}</h1>
      <p className="text-sm text-slate-600">{text}</p>
      {closable && (
        <Button variant="secondary" onClick={() => window.close()}>
          {t('calls:shareView.close')}
        </Button>
      )}
    </main>
  );
  if (otherUserId === null || client.isError || (client.data && memberId === null) || cycles.isError)
    return untitled(t('calls:shareView.unavailable'), true);
  if (!cycles.data) return untitled(t('common:loading'));
  const data = cycles.data;
  const newestFirst = [...data.cycles].reverse();
  const cycle = shownCycle(data.cycles, chosen);
  const choose = (number: number) => {
    setChosen(number);
    const choice: ShareViewChoice = { otherUserId, cycle: number };
    channel.current?.postMessage(choice);
  };
  const unit = temperatureUnitFor(userInfo?.country);
  return (
    <main
      aria-label={t('calls:shareView.title', { name })}
      className="mx-auto flex max-w-3xl flex-col gap-4 p-4"
    >
      <h1 className="text-xl font-semibold">{t('calls:shareView.title', { name })}</h1>
      {!cycle ? (
        <p className="text-sm text-slate-500">{t('calls:shareView.noCycles')}</p>
      ) : (
        <>
          <label className="flex items-center gap-2 text-sm">
            <span className="font-medium text-slate-700">{t('calls:shareView.cycle')}</span>
            <select
              value={cycle.number}
              onChange={(e) => choose(Number(e.target.value))}
              className="rounded-lg border border-slate-300 bg-white px-2 py-1"
            >
              {newestFirst.map((c) => (
                <option key={c.number} value={c.number}>
                  {t('calls:shareView.cycleOption', {
                    number: c.number,
                    start: formatLocalDate(c.startDate, i18n.language),
                  })}
                </option>
              ))}
            </select>
          </label>
          <section
            aria-label={t('calls:shareView.charts')}
            className="rounded-2xl border border-slate-200 bg-white p-4"
          >
            <h2 className="mb-2 font-semibold">{t('calls:shareView.charts')}</h2>
            <CycleChart cycle={cycle} days={data.days} unit={unit} />
          </section>
          <section
            aria-label={t('calls:shareView.calendar')}
            className="rounded-2xl border border-slate-200 bg-white p-4"
          >
            <h2 className="mb-2 font-semibold">{t('calls:shareView.calendar')}</h2>
            <CycleCalendar cycle={cycle} days={data.days} />
          </section>
          <section
            aria-label={t('calls:shareView.ovulation')}
            className="rounded-2xl border border-slate-200 bg-white p-4"
          >
            <h2 className="mb-2 font-semibold">{t('calls:shareView.ovulation')}</h2>
            <Ovulation
              day={cycle.ovulation.day}
              method={cycle.ovulation.method}
              mean={formatStatistic(data.statistics.ovulationDay, i18n.language).mean}
            />
          </section>
        </>
      )}
    </main>
  );
}
