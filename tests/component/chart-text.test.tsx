/**
 * Chart text that names a property of every object, drawn by the portal's ECharts
 * (src/app/components/chart/echarts-setup.ts, docs/security.md "Chart text"): it comes out in the
 * SVG and leaves Object.prototype as it was.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { watchObjectPrototype } from '../support/object-prototype';
import { renderSvg } from '../../src/app/components/chart/echarts-setup';

const objectPrototype = watchObjectPrototype();

afterEach(() => objectPrototype.restore());

describe('chart text in the portal', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'draws the legend %s and adds nothing to every object',
    (text) => {
      // Coloured per series, as the portal's charts are (features/dashboard/bar-chart.tsx).
      const option = {
        legend: { data: [text, 'Upcoming'] },
        xAxis: { type: 'category', data: ['2 Nov'] },
        yAxis: { type: 'value' },
        series: [
          { name: text, type: 'bar', data: [2], itemStyle: { color: '#7a4fd6' } },
          { name: 'Upcoming', type: 'bar', data: [1], itemStyle: { color: '#2f9e8f' } },
        ],
      };
      for (let i = 0; i < 2; i++) expect(renderSvg(option, 480, 256)).toContain(`>${text}</text>`);
      expect(objectPrototype.keys()).toEqual(objectPrototype.before);
      expect(({} as Record<string, unknown>).prev).toBeUndefined();
    },
  );
});
