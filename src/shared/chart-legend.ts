/**
 * Room for a chart's legend above its plot, so that nothing overlaps in any language (issue 26:
 * German and French legend entries are long; docs/architecture.md §3 "Charts leave room for their
 * legend"). A chart drawn at a width known beforehand (a PDF, the dashboard's server-drawn chart)
 * wraps its legend onto as many rows as its entries need, and the plot starts below the last row; a
 * chart whose width follows its box on a screen keeps its legend to one row that scrolls (ECharts'
 * `type: 'scroll'`), since no row count holds for every width. Plain data, no ECharts import.
 */

/** ECharts' legend defaults (legend item symbol, gaps and padding), which the options keep. */
const SYMBOL_WIDTH = 25;
const SYMBOL_TEXT_GAP = 5;
const ITEM_GAP = 10;
const PADDING = 5;
/** A row of 11 px text is 14 to 16 px high, whichever is taller: the symbol or the line. */
const ROW_HEIGHT = 16;
/** An axis name drawn above the plot (ECharts' `nameGap` of 15 and a line of text) and a margin. */
export const AXIS_NAME_ROOM = 30;
/** Between the legend and a plot without an axis name above it. */
const PLOT_GAP = 8;

/**
 * The width of `text` at `fontSize`, never less than a browser, PDFKit or ECharts' own measure
 * without a canvas makes it: a letter outside ASCII (ä, é, ü) as a whole em, the others at 0.62 em,
 * more than Helvetica's and Arial's widest lower-case average.
 */
export function textWidthAtMost(text: string, fontSize: number): number {
  let ems = 0;
  for (const char of text) ems += char.charCodeAt(0) < 128 ? 0.62 : 1;
  return ems * fontSize;
}

/** How many rows the entries fill in a legend `width` wide, laid out as ECharts does: left to right. */
export function legendRows(entries: readonly string[], width: number, fontSize: number): number {
  const room = width - 2 * PADDING;
  let rows = 1;
  let used = 0;
  for (const entry of entries) {
    const item = SYMBOL_WIDTH + SYMBOL_TEXT_GAP + textWidthAtMost(entry, fontSize);
    const next = used === 0 ? item : used + ITEM_GAP + item;
    if (next > room && used > 0) {
      rows += 1;
      used = item;
    } else {
      used = next;
    }
  }
  return rows;
}

export interface LegendLayout {
  /** The legend component's settings (`top`, and `type: 'scroll'` where the width is not known). */
  legend: { top: number; itemGap: number; type?: 'scroll' };
  /** Where the plot (`grid.top`) starts: below the legend and, if there is one, the axis name. */
  top: number;
}

/**
 * Where the legend of `entries` (the text it shows) goes and where the plot starts, for a chart
 * `width` wide if that is known, else for a screen; `axisNameAbove`: a value axis names its unit
 * above the plot.
 */
export function legendLayout(
  entries: readonly string[],
  { width, fontSize, axisNameAbove }: { width?: number; fontSize: number; axisNameAbove: boolean },
): LegendLayout {
  const rows = width === undefined ? 1 : legendRows(entries, width, fontSize);
  const height = 2 * PADDING + rows * ROW_HEIGHT + (rows - 1) * ITEM_GAP;
  return {
    legend: { top: 0, itemGap: ITEM_GAP, ...(width === undefined ? { type: 'scroll' as const } : {}) },
    top: height + (axisNameAbove ? AXIS_NAME_ROOM : PLOT_GAP),
  };
}
