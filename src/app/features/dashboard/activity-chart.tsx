/**
 * The dashboard's weekly activity, drawn by ECharts on the server (src/server/dashboard/activity-chart.ts)
 * and shown inline, so the dashboard loads none of the chart engine (docs/performance.md "Route
 * budgets"). ECharts' light client runtime (`echarts/ssr/client`) hydrates the SVG: hovering a bar
 * shows that week's figures. The box asks for a drawing as wide as itself (in steps, redrawn when it
 * changes step); the SVG's viewBox scales it in between. Screen readers get the label and the
 * figures, as from components/chart.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { hydrate } from 'echarts/ssr/client/index';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { isLanguage } from '../../i18n';
import { dashboardChartQuery } from './queries';
import { usePortalApi } from '../../root';

export interface ActivitySeries {
  name: string;
  values: number[];
}

/** Widths are asked for in steps of this many pixels, so small resizes reuse the drawing. */
const WIDTH_STEP = 40;
const MIN_WIDTH = 200;
const MAX_WIDTH = 2000;
const HEIGHT = 256;

function stepped(width: number): number {
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.round(width / WIDTH_STEP) * WIDTH_STEP));
}

/** The box's width in steps, once it has been laid out (0 before). */
function useSteppedWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof ResizeObserver === 'undefined') {
      setWidth(stepped(element.clientWidth));
      return;
    }
    // The observer reports the first width once the box is laid out: read here, it would force a
    // layout in the middle of the page's start (docs/performance.md "Where the main thread goes").
    const observer = new ResizeObserver(() => setWidth(stepped(element.clientWidth)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

export function ActivityChart({
  label,
  categories,
  series,
}: {
  label: string;
  categories: string[];
  /** Completed, upcoming and cancelled, in that order (the server's series). */
  series: [ActivitySeries, ActivitySeries, ActivitySeries];
}) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const drawing = useRef<HTMLDivElement>(null);
  const width = useSteppedWidth(box);
  const [completed, upcoming, cancelled] = series;
  const api = usePortalApi();
  const query = useQuery({
    ...dashboardChartQuery(api, {
      lang: isLanguage(i18n.language) ? i18n.language : 'en',
      width,
      height: HEIGHT,
      completed: completed.name,
      upcoming: upcoming.name,
      cancelled: cancelled.name,
    }),
    enabled: width > 0,
    placeholderData: keepPreviousData,
  });
  const svg = query.data?.svg;
  const [hovered, setHovered] = useState<{ index: number; x: number; y: number } | null>(null);

  useEffect(() => {
    const element = drawing.current;
    if (!svg || !element) return;
    hydrate(element, {
      on: {
        mouseover: ({ ssrType, dataIndex, event }) => {
          if (ssrType !== 'chart' || dataIndex === undefined || !(event instanceof MouseEvent)) return;
          const bounds = element.getBoundingClientRect();
          setHovered({
            index: dataIndex,
            x: Math.max(0, event.clientX - bounds.left),
            y: Math.max(0, event.clientY - bounds.top),
          });
        },
        mouseout: () => setHovered(null),
      },
    });
  }, [svg]);

  const state = svg ? 'ready' : query.isError ? 'failed' : 'loading';
  const summary = series.map((s) => `${s.name}: ${s.values.join(', ')}`).join('; ');
  return (
    <figure ref={box} className="relative w-full" data-chart-state={state}>
      {svg ? (
        <div
          ref={drawing}
          role="img"
          aria-label={`${label}. ${summary}`}
          className="server-chart h-64 w-full [&_svg]:h-full [&_svg]:w-full"
          // The SVG is ECharts' output from our own server, its text escaped by ECharts
          // (src/server/dashboard/activity-chart.ts).
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      ) : (
        <div
          className={`h-64 w-full rounded-lg bg-slate-100 ${state === 'loading' ? 'animate-pulse' : ''}`}
          data-testid="chart-skeleton"
        />
      )}
      {state !== 'ready' && (
        <figcaption className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-sm text-slate-500">
          {state === 'loading' ? t('chart.loading') : t('chart.notDrawn')}
          {state === 'failed' && (
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t('actions.retry')}
            </Button>
          )}
        </figcaption>
      )}
      {hovered && categories[hovered.index] !== undefined && (
        <div
          role="status"
          className="pointer-events-none absolute z-10 rounded-md border border-slate-200 bg-white px-3 py-2 text-xs shadow"
          style={{ left: hovered.x + 12, top: hovered.y + 12 }}
        >
          <p className="font-semibold">{categories[hovered.index]}</p>
          {series.map((s) => (
            <p key={s.name}>
              {s.name}: {s.values[hovered.index]}
            </p>
          ))}
        </div>
      )}
    </figure>
  );
}
