/**
 * Paints the share page (share-canvas-layout.ts, share-canvas-content.ts) with the canvas 2D API:
 * text as text at the pixel ratio, marks as paths (no glyph that a missing font would turn into a
 * box), the chart as the SVG image ECharts drew. The share window's colours (Tailwind's slate,
 * rose and green), with text at 4.5:1 or more.
 */
import type { ShareCell, ShareContent } from './share-canvas-content';
import {
  fitText,
  FONT,
  shareLayout,
  SHARE_PAGE,
  wrapText,
  type Box,
  type LegendKind,
  type Measure,
} from './share-canvas-layout';

const COLOR = {
  page: '#f8fafc',
  card: '#ffffff',
  border: '#e2e8f0',
  text: '#0f172a',
  muted: '#475569',
  fact: '#f1f5f9',
  period: '#ffe4e6',
  periodText: '#881337',
  periodRing: '#fecdd3',
  fertile: '#dcfce7',
  fertileText: '#14532d',
  fertileRing: '#bbf7d0',
  ovulation: '#15803d',
  ovulationText: '#ffffff',
  mark: '#be123c',
} as const;

function roundRect(ctx: CanvasRenderingContext2D, box: Box, radius: number, fill: string, stroke?: string) {
  ctx.beginPath();
  ctx.roundRect(box.x, box.y, box.width, box.height, radius);
  ctx.fillStyle = fill;
  ctx.fill();
  if (stroke) {
    ctx.strokeStyle = stroke;
    ctx.lineWidth = 1;
    ctx.stroke();
  }
}

function text(
  ctx: CanvasRenderingContext2D,
  value: string,
  x: number,
  y: number,
  font: string,
  color: string,
) {
  ctx.font = font;
  ctx.fillStyle = color;
  ctx.textBaseline = 'top';
  ctx.fillText(value, x, y);
}

function lines(
  ctx: CanvasRenderingContext2D,
  values: string[],
  box: Box,
  font: string,
  color: string,
  lineHeight: number,
) {
  values.forEach((line, i) => text(ctx, line, box.x, box.y + i * lineHeight, font, color));
}

/** A small upward triangle: an LH peak. */
function triangle(ctx: CanvasRenderingContext2D, x: number, y: number, size: number, color: string) {
  ctx.beginPath();
  ctx.moveTo(x + size / 2, y);
  ctx.lineTo(x + size, y + size);
  ctx.lineTo(x, y + size);
  ctx.closePath();
  ctx.fillStyle = color;
  ctx.fill();
}

/** A small heart: intercourse recorded. */
function heart(ctx: CanvasRenderingContext2D, x: number, y: number, size: number, color: string) {
  const r = size / 4;
  ctx.beginPath();
  ctx.arc(x + r, y + r, r, Math.PI, 0);
  ctx.arc(x + 3 * r, y + r, r, Math.PI, 0);
  ctx.lineTo(x + size / 2, y + size);
  ctx.closePath();
  ctx.fillStyle = color;
  ctx.fill();
}

/** A ring: the ovulation day. */
function ring(ctx: CanvasRenderingContext2D, x: number, y: number, size: number, color: string) {
  ctx.beginPath();
  ctx.arc(x + size / 2, y + size / 2, size / 2 - 1, 0, 2 * Math.PI);
  ctx.strokeStyle = color;
  ctx.lineWidth = 2;
  ctx.stroke();
}

function cellColors(cell: ShareCell): { fill: string; text: string; ring: string } {
  if (cell.ovulation) return { fill: COLOR.ovulation, text: COLOR.ovulationText, ring: COLOR.ovulation };
  if (cell.period) return { fill: COLOR.period, text: COLOR.periodText, ring: COLOR.periodRing };
  if (cell.fertile) return { fill: COLOR.fertile, text: COLOR.fertileText, ring: COLOR.fertileRing };
  return { fill: COLOR.card, text: COLOR.text, ring: COLOR.border };
}

function cell(ctx: CanvasRenderingContext2D, value: ShareCell, box: Box, measure: Measure) {
  const colors = cellColors(value);
  roundRect(ctx, box, 6, colors.fill, colors.ring);
  // The date whole, as the share window's calendar writes it ('Nov 10', '10 nov.').
  const date = fitText(value.date, { width: box.width - 8, height: 18 }, FONT.cellDate, 9, measure);
  text(ctx, date.lines[0] ?? '', box.x + 4, box.y + 4, date.font, colors.text);
  ctx.font = FONT.cellDay;
  const dayWidth = measure(value.cycleDay, FONT.cellDay);
  const markSize = 10;
  const bottom = box.y + box.height - markSize - 4;
  text(ctx, value.cycleDay, box.x + box.width - 4 - dayWidth, bottom, FONT.cellDay, colors.text);
  let x = box.x + 4;
  const markColor = value.ovulation ? COLOR.ovulationText : COLOR.mark;
  if (value.lhPeak) {
    triangle(ctx, x, bottom, markSize, markColor);
    x += markSize + 3;
  }
  if (value.intercourse) {
    heart(ctx, x, bottom, markSize, markColor);
    x += markSize + 3;
  }
  if (value.ovulation) ring(ctx, x, bottom, markSize, COLOR.ovulationText);
}

function legendMark(ctx: CanvasRenderingContext2D, kind: LegendKind, x: number, y: number) {
  const box = { x, y: y + 2, width: 14, height: 14 };
  if (kind === 'period') roundRect(ctx, box, 3, COLOR.period, COLOR.periodRing);
  if (kind === 'fertile') roundRect(ctx, box, 3, COLOR.fertile, COLOR.fertileRing);
  if (kind === 'ovulation') roundRect(ctx, box, 3, COLOR.ovulation);
  if (kind === 'lhPeak') triangle(ctx, x + 1, y + 3, 12, COLOR.mark);
  if (kind === 'intercourse') heart(ctx, x + 1, y + 3, 12, COLOR.mark);
}

/**
 * The whole page into `ctx` (a canvas of the page's size times `scale`); `chart` is the chart
 * image, null while ECharts draws it.
 */
export function paintSharePage(
  ctx: CanvasRenderingContext2D,
  scale: number,
  content: ShareContent,
  chart: CanvasImageSource | null,
): void {
  const measure: Measure = (value, font) => {
    ctx.font = font;
    return ctx.measureText(value).width;
  };
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.fillStyle = COLOR.page;
  ctx.fillRect(0, 0, SHARE_PAGE.width, SHARE_PAGE.height);
  const page = content.cycle;
  const layout = shareLayout(page?.weeks.length ?? 0, page?.legend ?? [], measure);
  lines(
    ctx,
    wrapText(content.title, layout.title.width, FONT.title, measure),
    layout.title,
    FONT.title,
    COLOR.text,
    36,
  );
  lines(
    ctx,
    wrapText(content.subtitle, layout.subtitle.width, FONT.subtitle, measure),
    layout.subtitle,
    FONT.subtitle,
    COLOR.muted,
    26,
  );
  if (!page) return;

  const { chart: chartBox, calendar, ovulation } = layout;
  roundRect(ctx, chartBox.card, 16, COLOR.card, COLOR.border);
  text(ctx, page.headings.charts, chartBox.heading.x, chartBox.heading.y, FONT.heading, COLOR.text);
  if (chart)
    ctx.drawImage(chart, chartBox.image.x, chartBox.image.y, chartBox.image.width, chartBox.image.height);
  lines(
    ctx,
    wrapText(page.summary, chartBox.summary.width, FONT.summary, measure, 2),
    chartBox.summary,
    FONT.summary,
    COLOR.muted,
    24,
  );

  roundRect(ctx, calendar.card, 16, COLOR.card, COLOR.border);
  text(ctx, page.headings.calendar, calendar.heading.x, calendar.heading.y, FONT.heading, COLOR.text);
  ctx.textAlign = 'center';
  page.weekdays.forEach((day, i) => {
    const box = calendar.weekdays[i]!;
    text(
      ctx,
      wrapText(day, box.width, FONT.weekday, measure)[0] ?? '',
      box.x + box.width / 2,
      box.y,
      FONT.weekday,
      COLOR.muted,
    );
  });
  ctx.textAlign = 'left';
  page.weeks.forEach((week, row) =>
    week.forEach((value, column) => {
      if (value) cell(ctx, value, calendar.cells[row]![column]!, measure);
    }),
  );
  for (const item of calendar.legend) {
    legendMark(ctx, item.kind, item.x, item.y);
    text(ctx, item.label, item.x + 20, item.y + 2, FONT.legend, COLOR.muted);
  }

  roundRect(ctx, ovulation.card, 16, COLOR.card, COLOR.border);
  text(ctx, page.headings.ovulation, ovulation.heading.x, ovulation.heading.y, FONT.heading, COLOR.text);
  page.facts.forEach((fact, i) => {
    const box = ovulation.facts[i]!;
    roundRect(ctx, box, 10, COLOR.fact);
    const inner = { x: box.x + 12, y: box.y + 12, width: box.width - 24, height: box.height - 24 };
    const label = wrapText(fact.label, inner.width, FONT.label, measure, 2);
    lines(ctx, label, inner, FONT.label, COLOR.muted, 20);
    const valueTop = label.length * 20 + 6;
    const valueBox = { ...inner, y: inner.y + valueTop, height: inner.height - valueTop };
    const value = fitText(fact.value, valueBox, FONT.value, 12, measure);
    lines(ctx, value.lines, valueBox, value.font, COLOR.text, value.lineHeight);
  });
}
