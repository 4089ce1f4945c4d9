/**
 * One ECharts chart, loaded lazily (docs/architecture.md §3, §4): the first chart on a page loads
 * echarts-setup.ts; until then, and if that fails, the box keeps its size and says so. The option
 * is a plain object (see src/shared/cycle/chart-options.ts); a new option replaces the old one.
 * `label` and `summary` describe the chart to screen readers.
 */
import type { EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as Setup from './echarts-setup';

export type ChartOption = Record<string, unknown>;

type Setup = typeof Setup;

let setup: Promise<Setup> | null = null;

function loadECharts() {
  setup ??= import('./echarts-setup').catch((error: unknown) => {
    setup = null;
    throw error;
  });
  return setup;
}

export interface ChartProps {
  option: ChartOption;
  label: string;
  summary?: string;
  /** Tailwind height class; the width follows the container. */
  heightClass?: string;
  testId?: string;
}

export function Chart({ option, label, summary, heightClass = 'h-64', testId }: ChartProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    loadECharts().then(
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
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

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
