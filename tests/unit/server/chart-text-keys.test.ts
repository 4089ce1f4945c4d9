/**
 * Chart text that names a property of every object (src/shared/chart-text-cache.ts):
 * drawn twice, as legends and labels, it leaves Object.prototype as it was and comes out in the
 * SVG. Found by the own-API fuzz (`completed=__proto__` on the dashboard chart).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { watchObjectPrototype } from '../../support/object-prototype';
import { renderActivityChart } from '../../../src/server/dashboard/activity-chart';

const objectPrototype = watchObjectPrototype();

afterEach(() => objectPrototype.restore());

describe('chart text', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'draws the label %s and adds nothing to every object',
    (text) => {
      const weeks = [{ weekStart: '2026-11-02', completed: 2, upcoming: 1, cancelled: 1 }];
      const query = {
        lang: 'en' as const,
        width: 480,
        height: 256,
        completed: text,
        upcoming: 'Up',
        cancelled: 'Off',
      };
      for (let i = 0; i < 2; i++) expect(renderActivityChart(weeks, query)).toContain(`>${text}</text>`);
      expect(objectPrototype.keys()).toEqual(objectPrototype.before);
      expect(({} as Record<string, unknown>).prev).toBeUndefined();
    },
  );
});
