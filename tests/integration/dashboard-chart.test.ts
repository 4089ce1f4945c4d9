/**
 * The dashboard's weekly activity drawn on the server (docs/performance.md "Route budgets"):
 * the same figures as the dashboard's `weeks`, the portal's labels escaped, no inline styles (the
 * portal's Content-Security-Policy), private caching, and clear 4xx answers to bad input.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient } from '../support/api';

const stack = inject('stack');
const api = apiClient(stack);
const CHART = '/consultation/invite/doctor/dashboard/chart';

function chartUrl(overrides: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    lang: 'de',
    width: '640',
    completed: 'Abgeschlossen',
    upcoming: 'Bevorstehend',
    cancelled: 'Storniert',
    ...overrides,
  });
  return `${CHART}?${query}`;
}

/** The bars of the SVG, by series and week, as ECharts marks them for hydration. */
function barsOf(svg: string): Array<{ series: number; week: number }> {
  return [
    ...svg.matchAll(/ecmeta_series_index="(\d+)" ecmeta_data_index="(\d+)" ecmeta_ssr_type="chart"/g),
  ].map((m) => ({ series: Number(m[1]), week: Number(m[2]) }));
}

describe('dashboard chart', () => {
  let amelia: string;
  beforeAll(async () => {
    amelia = await api.signInAs('amelia');
  });

  it("draws Dr. Amelia's weekly activity as an SVG with her dashboard's figures", async () => {
    const dashboard = await api.call<{ weeks: Array<{ weekStart: string; completed: number }> }>(
      'GET',
      '/consultation/invite/doctor/dashboard',
      { token: amelia },
    );
    const answer = await api.call<{ svg: string }>('GET', chartUrl(), { token: amelia });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, max-age=60');
    const { svg } = answer.data;
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('viewBox="0 0 640 256"');
    expect(svg).toContain('Abgeschlossen');
    expect(svg).not.toMatch(/ style="|<style/);
    // ECharts draws one bar per series and week, the empty ones too.
    expect(barsOf(svg)).toHaveLength(3 * dashboard.data.weeks.length);
    const firstMonday = new Date(`${dashboard.data.weeks[0]!.weekStart}T12:00:00Z`);
    const german = new Intl.DateTimeFormat('de', { day: 'numeric', month: 'short', timeZone: 'UTC' });
    expect(svg).toContain(german.format(firstMonday));
  });

  it('escapes the labels it is sent', async () => {
    const answer = await api.call<{ svg: string }>('GET', chartUrl({ completed: '<script>x</script>&' }), {
      token: amelia,
    });
    expect(answer.status).toBe(200);
    expect(answer.data.svg).not.toContain('<script');
    expect(answer.data.svg).toContain('&lt;script&gt;x&lt;/script&gt;&amp;');
  });

  it('refuses bad input with a 4xx and anonymous callers', async () => {
    const refused: Array<Record<string, string>> = [
      { lang: 'xx' },
      { width: '10' },
      { width: 'wide' },
      { completed: '' },
      { cancelled: 'x'.repeat(41) },
    ];
    for (const bad of refused) {
      const answer = await api.call('GET', chartUrl(bad), { token: amelia });
      expect(answer, JSON.stringify(bad)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    }
    const missing = await api.call('GET', `${CHART}?lang=en&width=400`, { token: amelia });
    expect(missing).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    const anonymous = await api.call('GET', chartUrl());
    expect(anonymous.code).toBe('TOKEN_ERR_EMPTY');
  });
});
