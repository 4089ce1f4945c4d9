/**
 * One ECharts chart, loaded lazily (docs/architecture.md §3, §4): the chart loads its part of
 * ECharts — echarts-setup.ts for bars, with echarts-setup-cycle.ts for the cycle charts' lines and
 * markers — when it mounts, or with `whenNear` only once its box first comes near the viewport (a
 * chart below the fold then costs the page's first load nothing); until then, and if that fails,
 * the box keeps its size and says so. The option is a plain object (see
 * src/shared/cycle/chart-options.ts); a new option replaces the old one. `label` and `summary`
 * describe the chart to screen readers.
 */
import type { EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nearViewport } from '../near-viewport';

export type ChartOption = Record<string, unknown>;

/** Which part of ECharts a chart needs: bars (grid, legend, tooltip) or the cycle charts' too. */
export type ChartEngine = 'bars' | 'cycle';

interface Setup {
  initChart(element: HTMLElement): EChartsType;
  renderSvg(option: ChartOption, width: number, height: number): string;
}

const LOADERS: Record<ChartEngine, () => Promise<Setup>> = {
  bars: () => import('./echarts-setup'),
  cycle: () => import('./echarts-setup-cycle'),
};

const setups: Partial<Record<ChartEngine, Promise<Setup>>> = {};

function loadECharts(engine: ChartEngine): Promise<Setup> {
  setups[engine] ??= LOADERS[engine]().catch((error: unknown) => {
    delete setups[engine];
    throw error;
  });
  return setups[engine];
}

/**
 * `option` drawn once as an SVG document of `width`×`height` CSS pixels, for drawing elsewhere (a
 * canvas): the same ECharts, loaded the same lazy way, without a DOM element.
 */
export async function chartSvg(
  option: ChartOption,
  { width, height }: { width: number; height: number },
  engine: ChartEngine = 'cycle',
): Promise<string> {
  const { renderSvg } = await loadECharts(engine);
  return renderSvg(option, width, height);
}

export interface ChartProps {
  option: ChartOption;
  label: string;
  summary?: string;
  /** Tailwind height class; the width follows the container. */
  heightClass?: string;
  testId?: string;
  /** The part of ECharts the option needs (default: all the portal registers). */
  engine?: ChartEngine;
  /** Load ECharts only once the chart comes near the viewport. */
  whenNear?: boolean;
}

export function Chart({
  option,
  label,
  summary,
  heightClass = 'h-64',
  testId,
  engine = 'cycle',
  whenNear = false,
}: ChartProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const visibility = new AbortController();
    let disposed = false;
    let observer: ResizeObserver | null = null;
    (whenNear ? nearViewport(element, visibility.signal) : Promise.resolve())
      .then(() => loadECharts(engine))
      .then(
        ({ initChart }) => {
          if (disposed || !ref.current) return;
          chart.current = initChart(ref.current);
          observer = new ResizeObserver(() => chart.current?.resize());
          observer.observe(ref.current);
          setState('ready');
        },
        () => {
          if (!disposed) setState('failed');
        },
      );
    return () => {
      disposed = true;
      visibility.abort();
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, [engine, whenNear]);

  useEffect(() => {
    if (state === 'ready') chart.current?.setOption(option, { notMerge: true });
  }, [state, option]);

  return (
    <figure className="relative w-full" data-testid={testId} data-chart-state={state}>
      <div
        ref={ref}
        role="img"
        aria-label={summary ? `${label}. ${summary}` : label}
        className={`${heightClass} w-full`}
      />
      {state !== 'ready' && (
        <figcaption className="absolute inset-0 flex items-center justify-center text-sm text-slate-500">
          {state === 'loading' ? t('chart.loading') : t('chart.failed')}
        </figcaption>
      )}
    </figure>
  );
}
