/**
 * The shared canvas's pure parts (docs/calls.md "Screen sharing"): its pixel size, where each part
 * of the share view is drawn, the words drawn, and the cycle on show (features/calls/share-canvas-*.ts,
 * share-view-data.ts). The painting itself and the stream are proven in Chromium (tests/e2e/calls.spec.ts).
 */
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { shareContent } from '../../../../src/app/features/calls/share-canvas-content';
import {
  canvasSize,
  ellipsis,
  fitText,
  FONT,
  SHARE_PAGE,
  shareLayout,
  svgAtSize,
  wrapText,
  type Box,
  type LegendKind,
  type Measure,
} from '../../../../src/app/features/calls/share-canvas-layout';
import { readShareViewChoice, shownCycle } from '../../../../src/app/features/calls/share-view-data';
import { blankDay, type CycleAnalysis } from '../../../../src/shared/cycle';
import { addDays } from '../../../../src/shared/time/calendar';

/** Ten pixels a character, whatever the font. */
const measure: Measure = (text) => text.length * 10;

const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width + 1e-9 &&
  inner.y + inner.height <= outer.y + outer.height + 1e-9;
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const PAGE: Box = { x: 0, y: 0, ...SHARE_PAGE };

const LEGEND: Array<{ kind: LegendKind; label: string }> = [
  { kind: 'period', label: 'Period' },
  { kind: 'fertile', label: 'Fertile window' },
  { kind: 'ovulation', label: 'Ovulation' },
  { kind: 'lhPeak', label: 'LH peak' },
  { kind: 'intercourse', label: 'Intercourse' },
];

function cycle(
  number: number,
  startDate: string,
  length: number,
  ovulationDay: number | null,
): CycleAnalysis {
  return {
    number,
    startDate,
    endDate: addDays(startDate, length - 1),
    complete: true,
    length,
    periodLength: 5,
    ovulation: {
      day: ovulationDay,
      date: null,
      method: ovulationDay === null ? 'NONE' : 'LH_AND_TEMPERATURE',
    },
    temperature: null,
    lhPeaks: ovulationDay === null ? [] : [{ day: ovulationDay - 1, date: '', value: 40 }],
    follicularLength: ovulationDay,
    lutealLength: ovulationDay === null ? null : length - ovulationDay,
    fertileWindow:
      ovulationDay === null
        ? null
        : { startDay: ovulationDay - 5, endDay: ovulationDay, startDate: '', endDate: '' },
    flags: [],
  } as CycleAnalysis;
}

describe('canvasSize', () => {
  it('is the 1280×800 page at the device pixel ratio, 16:10 and never a 1920×1080 screen', () => {
    expect(canvasSize(1)).toEqual({ width: 1280, height: 800, scale: 1 });
    expect(canvasSize(1.5)).toEqual({ width: 1920, height: 1200, scale: 1.5 });
    expect(canvasSize(2)).toEqual({ width: 2560, height: 1600, scale: 2 });
  });

  it('is at least 1280 wide and at most twice the page, in even pixels for the encoder', () => {
    expect(canvasSize(0.5)).toEqual({ width: 1280, height: 800, scale: 1 });
    expect(canvasSize(3)).toEqual({ width: 2560, height: 1600, scale: 2 });
    expect(canvasSize(Number.NaN)).toEqual({ width: 1280, height: 800, scale: 1 });
    expect(canvasSize(0)).toEqual({ width: 1280, height: 800, scale: 1 });
    for (const ratio of [1.1, 1.25, 1.33, 1.75]) {
      const { width, height } = canvasSize(ratio);
      expect(width % 2).toBe(0);
      expect(height % 2).toBe(0);
      expect(width).toBeGreaterThanOrEqual(1280);
      expect(Math.abs(width / height - 1.6)).toBeLessThan(0.01);
    }
  });
});

describe('svgAtSize', () => {
  const box = { width: 720, height: 516 };

  it('sizes the root in pixels and keeps the drawing in its CSS box, one viewBox only', () => {
    const echarts =
      '<svg width="720" height="516" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 720 516">\n<rect width="720" height="516"></rect></svg>';
    const sized = svgAtSize(echarts, { width: 1440, height: 1032 }, box);
    expect(sized).toBe(
      '<svg width="1440" height="1032" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 720 516">\n<rect width="720" height="516"></rect></svg>',
    );
    expect(sized.match(/viewBox=/g)).toHaveLength(1);
  });

  it('adds what the root lacks, and refuses what is not SVG', () => {
    expect(
      svgAtSize('<svg xmlns="http://www.w3.org/2000/svg"><g/></svg>', { width: 720, height: 516 }, box),
    ).toBe(
      '<svg viewBox="0 0 720 516" height="516" width="720" xmlns="http://www.w3.org/2000/svg"><g/></svg>',
    );
    expect(() => svgAtSize('<html></html>', { width: 1, height: 1 }, box)).toThrow('Not an SVG document');
  });
});

describe('wrapText and ellipsis', () => {
  it('breaks at spaces and ellipsises the last line it may use', () => {
    expect(wrapText('Cycle day 21 (LH and temperature)', 130, FONT.value, measure, 2)).toEqual([
      'Cycle day 21',
      '(LH and temp…',
    ]);
    expect(wrapText('Short', 130, FONT.value, measure, 2)).toEqual(['Short']);
    expect(wrapText('', 130, FONT.value, measure, 2)).toEqual([]);
  });

  it('cuts a single word wider than the line', () => {
    expect(ellipsis('Fruchtbarkeitsdaten', 80, FONT.title, measure)).toBe('Fruchtb…');
    expect(wrapText('Fruchtbarkeitsdaten von Emma', 80, FONT.title, measure, 1)).toEqual(['Fruchtb…']);
  });
});

describe('fitText', () => {
  /** Half the font's size a character, as a proportional font measures. */
  const sized: Measure = (text, font) => text.length * Number(/(\d+)px/.exec(font)![1]) * 0.5;

  it('keeps the size when the text fits, and shrinks it until the text fits whole', () => {
    expect(fitText('Day 21', { width: 166, height: 58 }, FONT.value, 12, sized)).toEqual({
      font: FONT.value,
      lines: ['Day 21'],
      lineHeight: 23,
    });
    const whole = fitText(
      'Cycle day 17 (LH surge and temperature shift)',
      { width: 166, height: 58 },
      FONT.value,
      12,
      sized,
    );
    expect(whole.lines.join(' ')).toBe('Cycle day 17 (LH surge and temperature shift)');
    expect(whole.font).toMatch(/^600 1[2-7]px /);
    expect(whole.lines.length * whole.lineHeight).toBeLessThanOrEqual(58);
  });

  it('ellipsises at the smallest size only what cannot fit there', () => {
    const cut = fitText(
      'a b c d e f g h i j k l m n o p q r s t u v w x y z '.repeat(4),
      { width: 40, height: 16 },
      FONT.value,
      12,
      sized,
    );
    expect(cut.font).toBe('600 12px system-ui, sans-serif');
    expect(cut.lines).toHaveLength(1);
    expect(cut.lines[0]).toMatch(/…$/);
  });

  it("draws the ovulation facts and the calendar's dates whole in each of the five languages", async () => {
    const { readFile } = await import('node:fs/promises');
    const layout = shareLayout(6, LEGEND, sized);
    const [fact] = layout.ovulation.facts;
    const cellWidth = layout.calendar.cells[0]![0]!.width - 8;
    for (const language of ['en', 'de', 'es', 'fr', 'it']) {
      const json = async (ns: string) =>
        JSON.parse(await readFile(`src/app/i18n/locales/${language}/${ns}.json`, 'utf8')) as {
          shareView: Record<string, string>;
          method: Record<string, string>;
        };
      const [calls, charts] = await Promise.all([json('calls'), json('charts')]);
      const label = wrapText(calls.shareView.thisCycle!, fact.width - 24, FONT.label, sized, 2);
      const valueHeight = fact.height - 24 - label.length * 20 - 6;
      for (const method of Object.values(charts.method)) {
        const value = calls.shareView.ovulationDay!.replace('{{day}}', '17').replace('{{method}}', method);
        const fitted = fitText(value, { width: fact.width - 24, height: valueHeight }, FONT.value, 12, sized);
        expect(fitted.lines.join(' '), `${language}: ${value}`).toBe(value);
      }
      const date = new Intl.DateTimeFormat(language, {
        day: 'numeric',
        month: 'short',
        timeZone: 'UTC',
      }).format(new Date('2026-09-28T12:00:00Z'));
      expect(
        fitText(date, { width: cellWidth, height: 18 }, FONT.cellDate, 9, sized).lines,
        language,
      ).toEqual([date]);
    }
  });
});

describe('shareLayout', () => {
  it('keeps every part on the page, the cards apart, the chart in its card', () => {
    const layout = shareLayout(5, LEGEND, measure);
    const cards = [layout.chart.card, layout.calendar.card, layout.ovulation.card];
    for (const card of cards) expect(inside(card, PAGE)).toBe(true);
    expect(overlap(layout.chart.card, layout.calendar.card)).toBe(false);
    expect(overlap(layout.calendar.card, layout.ovulation.card)).toBe(false);
    expect(overlap(layout.title, layout.chart.card)).toBe(false);
    expect(inside(layout.chart.image, layout.chart.card)).toBe(true);
    expect(inside(layout.chart.summary, layout.chart.card)).toBe(true);
    expect(overlap(layout.chart.image, layout.chart.summary)).toBe(false);
    expect(layout.chart.image.width).toBeGreaterThanOrEqual(700);
    for (const fact of layout.ovulation.facts) expect(inside(fact, layout.ovulation.card)).toBe(true);
    expect(overlap(layout.ovulation.facts[0], layout.ovulation.facts[1])).toBe(false);
  });

  it('draws the chart in the same box whatever the calendar', () => {
    expect(shareLayout(4, LEGEND, measure).chart.image).toEqual(shareLayout(8, [], () => 0).chart.image);
  });

  it('lays the calendar out in seven columns, its rows shrinking with the weeks, above the legend', () => {
    for (const weeks of [4, 5, 6, 7, 8]) {
      const { calendar } = shareLayout(weeks, LEGEND, measure);
      expect(calendar.cells).toHaveLength(weeks);
      const legendTop = Math.min(...calendar.legend.map((item) => item.y));
      const cells = calendar.cells.flat();
      expect(cells).toHaveLength(weeks * 7);
      for (const cell of cells) {
        expect(inside(cell, calendar.card)).toBe(true);
        expect(cell.y + cell.height).toBeLessThanOrEqual(legendTop);
        // Room for the date and the cycle day with its marks.
        expect(cell.height).toBeGreaterThanOrEqual(30);
        expect(cell.width).toBeGreaterThan(45);
      }
      for (let i = 1; i < cells.length; i++)
        for (let j = 0; j < i; j++) expect(overlap(cells[i]!, cells[j]!)).toBe(false);
      calendar.weekdays.forEach((day, i) => expect(day.x).toBe(calendar.cells[0]![i]!.x));
    }
    expect(shareLayout(4, LEGEND, measure).calendar.cells[0]![0]!.height).toBeGreaterThan(
      shareLayout(7, LEGEND, measure).calendar.cells[0]![0]!.height,
    );
  });

  it('flows the legend into lines inside the card, long words ellipsised', () => {
    const long = LEGEND.map((item) => ({ ...item, label: `${item.label} ${item.label}` }));
    const { calendar } = shareLayout(6, long, measure);
    expect(calendar.legend.map((item) => item.kind)).toEqual(LEGEND.map((item) => item.kind));
    expect(new Set(calendar.legend.map((item) => item.y)).size).toBeGreaterThan(1);
    for (const item of calendar.legend) {
      expect(item.x + 20 + measure(item.label, FONT.legend)).toBeLessThanOrEqual(
        calendar.card.x + calendar.card.width,
      );
      expect(item.y + 22).toBeLessThanOrEqual(calendar.card.y + calendar.card.height);
    }
  });
});

describe('shareContent', () => {
  const fake = ((key: string, options?: Record<string, unknown>) =>
    options ? `${key} ${JSON.stringify(options)}` : key) as unknown as TFunction<'calls'>;
  const t = { calls: fake, charts: fake as unknown as TFunction<'charts'> };
  const days = Array.from({ length: 30 }, (_, i) => ({
    ...blankDay(addDays('2026-11-02', i)),
    intercourse: i === 12,
  }));
  const data = {
    cycles: [cycle(7, '2026-11-02', 30, 16)],
    days,
    statistics: { ovulationDay: { mean: 15.5, sd: 1, min: 14, max: 17, n: 4 } },
  };

  it('says whose data, which cycle, and what the window shows', () => {
    const content = shareContent('Emma Laurent', data, data.cycles[0], 'C', t, 'en-GB');
    expect(content.title).toBe('shareView.title {"name":"Emma Laurent"}');
    expect(content.subtitle).toBe('shareView.cycleOption {"number":7,"start":"2 Nov 2026"}');
    const page = content.cycle!;
    expect(page.headings).toEqual({
      charts: 'shareView.charts',
      calendar: 'shareView.calendar',
      ovulation: 'shareView.ovulation',
    });
    expect(page.summary).toContain('summary.ovulation');
    expect(page.weekdays).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(page.facts[0].value).toBe(
      'shareView.ovulationDay {"day":16,"method":"method.LH_AND_TEMPERATURE"}',
    );
    expect(page.facts[1].value).toBe('15.5');
  });

  it('marks the calendar as the window does: 30 days from Monday 2 November', () => {
    const page = shareContent('Emma', data, data.cycles[0], 'C', t, 'en-GB').cycle!;
    const cells = page.weeks.flat().filter((c) => c !== null);
    expect(page.weeks).toHaveLength(5);
    expect(cells).toHaveLength(30);
    expect(cells[0]).toMatchObject({ date: '2 Nov', cycleDay: '1', period: true });
    expect(cells.filter((c) => c.period)).toHaveLength(5);
    expect(cells.filter((c) => c.fertile).map((c) => c.cycleDay)).toEqual([
      '11',
      '12',
      '13',
      '14',
      '15',
      '16',
    ]);
    expect(cells.filter((c) => c.ovulation).map((c) => c.cycleDay)).toEqual(['16']);
    expect(cells.filter((c) => c.lhPeak).map((c) => c.cycleDay)).toEqual(['15']);
    expect(cells.filter((c) => c.intercourse).map((c) => c.cycleDay)).toEqual(['13']);
  });

  it('writes dates and weekdays in the provider’s language', () => {
    const page = shareContent('Emma', data, data.cycles[0], 'C', t, 'de').cycle!;
    expect(page.weekdays[0]).toBe('Mo');
    expect(page.weeks[0]![0]!.date).toBe('2. Nov.');
  });

  it('draws only the title and that there are no cycles when she has none', () => {
    const content = shareContent('Emma', { ...data, cycles: [] }, undefined, 'C', t, 'en');
    expect(content).toEqual({
      title: 'shareView.title {"name":"Emma"}',
      subtitle: 'shareView.noCycles',
      cycle: null,
    });
  });
});

describe('shownCycle and the window’s choice', () => {
  const cycles = [
    cycle(5, '2026-09-01', 30, 15),
    cycle(6, '2026-10-01', 32, null),
    cycle(7, '2026-11-02', 20, null),
  ];

  it('shows the chosen cycle, else the newest with an ovulation, else the newest', () => {
    expect(shownCycle(cycles, 6)?.number).toBe(6);
    expect(shownCycle(cycles, null)?.number).toBe(5);
    expect(shownCycle(cycles, 99)?.number).toBe(5);
    expect(shownCycle(cycles.slice(1), null)?.number).toBe(7);
    expect(shownCycle([], null)).toBeUndefined();
  });

  it('reads only a well-formed choice from the channel', () => {
    expect(readShareViewChoice({ otherUserId: 200001, cycle: 6 })).toEqual({ otherUserId: 200001, cycle: 6 });
    expect(readShareViewChoice({ otherUserId: '200001', cycle: 6 })).toBeNull();
    expect(readShareViewChoice({ otherUserId: 200001, cycle: 6.5 })).toBeNull();
    expect(readShareViewChoice(null)).toBeNull();
    expect(readShareViewChoice('cycle 6')).toBeNull();
  });
});
