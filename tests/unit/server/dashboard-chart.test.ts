/**
 * The dashboard's server-drawn chart (src/server/dashboard/activity-chart.ts): ECharts' inline
 * styles, which the portal's CSP refuses, become SVG presentation attributes; each week's figures
 * are bars marked for `echarts/ssr/client`.
 */
import { describe, expect, it } from 'vitest';
import { renderActivityChart, withoutInlineStyles } from '../../../src/server/dashboard/activity-chart';

const labels = { completed: 'Completed', upcoming: 'Upcoming', cancelled: 'Cancelled' };

describe('dashboard chart', () => {
  it('turns text styles into attributes and drops the rest of the inline styling', () => {
    const svg =
      '<svg><text style="font-size:12px;font-family:sans-serif;cursor:pointer;" x="1">a</text><style ><![CDATA[.a:hover{fill:red}]]></style></svg>';
    expect(withoutInlineStyles(svg)).toBe(
      '<svg><text font-size="12px" font-family="sans-serif" x="1">a</text></svg>',
    );
  });

  it('draws each week as marked, stacked bars in the given width, styled without inline CSS', () => {
    const weeks = [
      { weekStart: '2026-11-02', completed: 2, upcoming: 0, cancelled: 1 },
      { weekStart: '2026-11-09', completed: 0, upcoming: 3, cancelled: 0 },
    ];
    const svg = renderActivityChart(weeks, { lang: 'fr', width: 480, height: 256, ...labels });
    expect(svg).toContain('viewBox="0 0 480 256"');
    expect(svg).not.toMatch(/ style=|<style/);
    expect(svg).toContain('font-size="12px"');
    expect(svg).toContain('9 nov.');
    expect(svg.match(/ecmeta_ssr_type="chart"/g)).toHaveLength(6);
  });
});
