/**
 * Where the shared canvas draws what (share-canvas.ts; docs/calls.md "Screen sharing"): the share
 * view's title, its chart, calendar and ovulation, laid out on a landscape page of 1280×800 CSS
 * pixels, drawn at the device pixel ratio (at most 2) so text stays sharp at the client's size.
 * Pure: text widths come from `measure`, so tests lay out without a canvas.
 */

/** The page in CSS pixels: at least 1280 wide, 16:10 (not a screen's 16:9). */
export const SHARE_PAGE = { width: 1280, height: 800 } as const;
/** Frames per second of the shared stream: the page is still, frames keep the encoder fed. */
export const SHARE_FPS = 5;
/** The largest pixel ratio drawn (2560×1600): beyond it the encoder works for nothing. */
const MAX_SCALE = 2;

export const FONT = {
  title: '600 30px system-ui, sans-serif',
  subtitle: '400 20px system-ui, sans-serif',
  heading: '600 22px system-ui, sans-serif',
  summary: '400 17px system-ui, sans-serif',
  weekday: '500 13px system-ui, sans-serif',
  cellDate: '500 13px system-ui, sans-serif',
  cellDay: '400 11px system-ui, sans-serif',
  legend: '400 14px system-ui, sans-serif',
  label: '400 15px system-ui, sans-serif',
  value: '600 18px system-ui, sans-serif',
  message: '400 20px system-ui, sans-serif',
} as const;

export type Measure = (text: string, font: string) => number;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The canvas's pixel size and the scale from CSS pixels: the pixel ratio, 1 to 2, even sizes for the encoder. */
export function canvasSize(devicePixelRatio: number): { width: number; height: number; scale: number } {
  const ratio = Number.isFinite(devicePixelRatio) && devicePixelRatio > 0 ? devicePixelRatio : 1;
  const scale = Math.min(MAX_SCALE, Math.max(1, ratio));
  const even = (n: number) => 2 * Math.round(n / 2);
  return { width: even(SHARE_PAGE.width * scale), height: even(SHARE_PAGE.height * scale), scale };
}

/**
 * An SVG document (ECharts' own, its root sized in CSS pixels) made `size` pixels big, its drawing
 * kept to `viewBox`: an image that rasterises at the canvas's pixels instead of being stretched.
 */
export function svgAtSize(
  svg: string,
  size: { width: number; height: number },
  viewBox: { width: number; height: number },
): string {
  const root = /^\s*<svg\b[^>]*>/.exec(svg)?.[0];
  if (!root) throw new Error('Not an SVG document');
  let sized = root
    .replace(/\swidth="[^"]*"/, ` width="${size.width}"`)
    .replace(/\sheight="[^"]*"/, ` height="${size.height}"`);
  if (!/\swidth=/.test(sized)) sized = sized.replace(/<svg\b/, `<svg width="${size.width}"`);
  if (!/\sheight=/.test(sized)) sized = sized.replace(/<svg\b/, `<svg height="${size.height}"`);
  if (!/\sviewBox=/.test(sized))
    sized = sized.replace(/<svg\b/, `<svg viewBox="0 0 ${viewBox.width} ${viewBox.height}"`);
  return sized + svg.slice(root.length);
}

/** `text` in lines no wider than `width`, at most `maxLines` (the last one ellipsised). */
export function wrapText(
  text: string,
  width: number,
  font: string,
  measure: Measure,
  maxLines = 1,
): string[] {
  const lines: string[] = [];
  let line = '';
  const words = text.split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const next = line ? `${line} ${words[i]}` : words[i]!;
    if (measure(next, font) <= width || !line) {
      line = next;
      continue;
    }
    if (lines.length === maxLines - 1) {
      lines.push(ellipsis(`${line} ${words.slice(i).join(' ')}`, width, font, measure));
      return lines;
    }
    lines.push(ellipsis(line, width, font, measure));
    line = words[i]!;
  }
  if (line) lines.push(ellipsis(line, width, font, measure));
  return lines;
}

/** `font` (a canvas font such as '600 18px system-ui') at `px` pixels. */
export function fontAt(font: string, px: number): string {
  return font.replace(/\d+(\.\d+)?px/, `${px}px`);
}

export interface FittedText {
  font: string;
  lines: string[];
  lineHeight: number;
}

/**
 * `text` whole in a box of `width` × `height`: at `font`'s size if it fits there, else at the
 * largest size down to `minPx` at which its lines fit, so a figure the share window shows whole is
 * drawn whole (docs/calls.md "Screen sharing"). Lines are 1.3 times the size apart. Only when it
 * cannot fit at `minPx` either is its last line ellipsised.
 */
export function fitText(
  text: string,
  box: { width: number; height: number },
  font: string,
  minPx: number,
  measure: Measure,
): FittedText {
  const nominal = Number(/(\d+(?:\.\d+)?)px/.exec(font)?.[1] ?? minPx);
  const smallest = Math.min(minPx, nominal);
  const whole = text.split(/\s+/).filter(Boolean).join(' ');
  const at = (px: number): FittedText => {
    const sized = fontAt(font, px);
    const lineHeight = Math.round(px * 1.3);
    const maxLines = Math.max(1, Math.floor(box.height / lineHeight));
    return { font: sized, lines: wrapText(text, box.width, sized, measure, maxLines), lineHeight };
  };
  for (let px = nominal; px > smallest; px -= 1) {
    const fitted = at(px);
    if (fitted.lines.join(' ') === whole) return fitted;
  }
  return at(smallest);
}

/** `text` cut with '…' to fit `width`. */
export function ellipsis(text: string, width: number, font: string, measure: Measure): string {
  if (measure(text, font) <= width) return text;
  let cut = text;
  while (cut.length > 0 && measure(`${cut}…`, font) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

export type LegendKind = 'period' | 'fertile' | 'ovulation' | 'lhPeak' | 'intercourse';

export interface LegendItem {
  kind: LegendKind;
  label: string;
  /** The mark's top-left; the label follows it. */
  x: number;
  y: number;
}

export interface ShareLayout {
  title: Box;
  subtitle: Box;
  chart: { card: Box; heading: Box; image: Box; summary: Box };
  calendar: { card: Box; heading: Box; weekdays: Box[]; cells: Box[][]; legend: LegendItem[] };
  ovulation: { card: Box; heading: Box; facts: [Box, Box] };
}

const MARGIN = 32;
const PAD = 20;
const GAP = 24;
const CELL_GAP = 4;
const HEADING = 40;
const LEGEND_LINE = 22;
const LEGEND_MARK = 14;
const LEGEND_SPACING = 18;
const CHART_WIDTH = 760;
const TOP = 116;
const CALENDAR_HEIGHT = 440;
const MAX_ROW = 56;

/** The legend's items flowed into lines of `width` from (x, y). */
export function legendItems(
  labels: ReadonlyArray<{ kind: LegendKind; label: string }>,
  x: number,
  y: number,
  width: number,
  measure: Measure,
): LegendItem[] {
  const items: LegendItem[] = [];
  let cx = x;
  let cy = y;
  for (const { kind, label } of labels) {
    const text = ellipsis(label, width - LEGEND_MARK - 6, FONT.legend, measure);
    const itemWidth = LEGEND_MARK + 6 + measure(text, FONT.legend);
    if (cx > x && cx + itemWidth > x + width) {
      cx = x;
      cy += LEGEND_LINE;
    }
    items.push({ kind, label: text, x: cx, y: cy });
    cx += itemWidth + LEGEND_SPACING;
  }
  return items;
}

/** The page for a calendar of `weeks` rows and the legend's labels. */
export function shareLayout(
  weeks: number,
  legend: ReadonlyArray<{ kind: LegendKind; label: string }>,
  measure: Measure,
): ShareLayout {
  const inner = SHARE_PAGE.width - 2 * MARGIN;
  const bottom = SHARE_PAGE.height - MARGIN;
  const chartCard = { x: MARGIN, y: TOP, width: CHART_WIDTH, height: bottom - TOP };
  const chartInner = chartCard.width - 2 * PAD;
  const summary = { x: chartCard.x + PAD, y: bottom - PAD - 48, width: chartInner, height: 48 };
  const imageTop = chartCard.y + PAD + HEADING;
  const right = { x: MARGIN + CHART_WIDTH + GAP, width: inner - CHART_WIDTH - GAP };
  const rightInner = right.width - 2 * PAD;

  const calendarCard = { x: right.x, y: TOP, width: right.width, height: CALENDAR_HEIGHT };
  const gridX = calendarCard.x + PAD;
  const weekdayTop = calendarCard.y + PAD + HEADING;
  const gridTop = weekdayTop + 22;
  const columnWidth = (rightInner - 6 * CELL_GAP) / 7;
  const legendFlow = legendItems(legend, gridX, 0, rightInner, measure);
  const legendLines = legendFlow.length === 0 ? 0 : legendFlow[legendFlow.length - 1]!.y / LEGEND_LINE + 1;
  const legendTop = calendarCard.y + calendarCard.height - PAD - legendLines * LEGEND_LINE;
  const rows = Math.max(1, weeks);
  const rowHeight = Math.min(MAX_ROW, Math.floor((legendTop - 8 - gridTop - (rows - 1) * CELL_GAP) / rows));
  const column = (i: number) => gridX + i * (columnWidth + CELL_GAP);

  const ovulationCard = {
    x: right.x,
    y: calendarCard.y + calendarCard.height + GAP,
    width: right.width,
    height: bottom - (calendarCard.y + calendarCard.height + GAP),
  };
  const factTop = ovulationCard.y + PAD + HEADING;
  const factWidth = (rightInner - 12) / 2;
  const factHeight = ovulationCard.y + ovulationCard.height - PAD - factTop;

  return {
    title: { x: MARGIN, y: MARGIN, width: inner, height: 36 },
    subtitle: { x: MARGIN, y: MARGIN + 42, width: inner, height: 26 },
    chart: {
      card: chartCard,
      heading: { x: chartCard.x + PAD, y: chartCard.y + PAD, width: chartInner, height: HEADING },
      image: { x: chartCard.x + PAD, y: imageTop, width: chartInner, height: summary.y - 8 - imageTop },
      summary,
    },
    calendar: {
      card: calendarCard,
      heading: { x: gridX, y: calendarCard.y + PAD, width: rightInner, height: HEADING },
      weekdays: Array.from({ length: 7 }, (_, i) => ({
        x: column(i),
        y: weekdayTop,
        width: columnWidth,
        height: 18,
      })),
      cells: Array.from({ length: weeks }, (_, row) =>
        Array.from({ length: 7 }, (_, i) => ({
          x: column(i),
          y: gridTop + row * (rowHeight + CELL_GAP),
          width: columnWidth,
          height: rowHeight,
        })),
      ),
      legend: legendFlow.map((item) => ({ ...item, y: item.y + legendTop })),
    },
    ovulation: {
      card: ovulationCard,
      heading: { x: ovulationCard.x + PAD, y: ovulationCard.y + PAD, width: rightInner, height: HEADING },
      facts: [
        { x: ovulationCard.x + PAD, y: factTop, width: factWidth, height: factHeight },
        { x: ovulationCard.x + PAD + factWidth + 12, y: factTop, width: factWidth, height: factHeight },
      ],
    },
  };
}
