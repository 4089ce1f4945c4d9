/**
 * The PDFs of the link calls (spec §7 "Content and cycle data"): a cycle analysis, a comparison of
 * cycles, and an expert report with the member's cycles. Made with PDFKit; the charts are the
 * portal's chart options (src/shared/cycle/chart-options.ts) drawn by ECharts' server-side SVG
 * rendering and placed with svg-to-pdfkit. Written in the provider's language and time zone
 * (describe.ts, issue 26); the figures are the portal's, written as the portal writes them.
 */
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import {
  cycleChartOption,
  formatLh,
  type CycleAnalysis,
  type CycleStatistics,
  type HistoryFlag,
  overlayChartOption,
  phaseChartOption,
} from '../../../shared/cycle';
import type { MemberSummary, OngoingPregnancy } from '../../member-health/member-cycles';
import type { CycleWithDays } from '../select-cycles';
import {
  chartLabels,
  cycleRef,
  daysText,
  flagsText,
  memberDate,
  ovulationText,
  pdfSafe,
  type PdfLocale,
  providerTime,
  statisticText,
  temperature,
} from './describe';
import { renderChartSvg } from './render-chart';
import { fill, fillCounted } from './text/pdf-text';

const MARGIN = 40;
const WIDTH = 595.28 - 2 * MARGIN;
/** The width charts are drawn at: their legends wrap to it (src/shared/chart-legend.ts). */
const CHART_WIDTH = Math.round(WIDTH);
const COLOR = { text: '#212121', muted: '#616161', rule: '#bdbdbd' };

export interface PdfHeader {
  title: string;
  member: MemberSummary;
  pregnancy: OngoingPregnancy | null;
  providerName: string;
  /** Her professional title, written after her name ("prepared by Amelia Hart, Reproductive endocrinologist"). */
  providerTitle?: string | null;
  /** An expert report is prepared by the provider; an analysis for her. */
  author: 'BY' | 'FOR';
  generatedAt: Date;
  locale: PdfLocale;
}

type Doc = PDFKit.PDFDocument;

function providerLine(h: PdfHeader): string {
  const title = h.providerTitle?.trim();
  return title ? `${h.providerName}, ${title}` : h.providerName;
}

function header(doc: Doc, h: PdfHeader) {
  const w = h.locale.words;
  doc.font('Helvetica-Bold').fontSize(16).fillColor(COLOR.text).text(pdfSafe(h.title));
  doc.moveDown(0.2);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(COLOR.muted)
    .text(pdfSafe(fill(w.member, { name: h.member.name, zone: h.member.timezone })))
    .text(
      pdfSafe(
        `${fill(h.author === 'BY' ? w.preparedBy : w.preparedFor, { provider: providerLine(h) })} · ` +
          fill(w.generated, { when: providerTime(h.locale, h.generatedAt) }),
      ),
    );
  if (h.pregnancy) {
    doc.text(
      pdfSafe(
        fill(w.pregnant, {
          weeks: h.pregnancy.weeks,
          days: h.pregnancy.days,
          trimester: h.pregnancy.trimester,
          lmp: memberDate(h.locale, h.pregnancy.lmpDate),
          due: memberDate(h.locale, h.pregnancy.dueDate),
        }),
      ),
    );
  }
  rule(doc);
}

function rule(doc: Doc) {
  doc.moveDown(0.4);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + WIDTH, doc.y)
    .strokeColor(COLOR.rule)
    .lineWidth(0.5)
    .stroke();
  doc.moveDown(0.6);
}

/** The height of the first line of a section's text or of one row, with its spacing. */
const LINE_ROOM = 16;

/**
 * A heading kept with what follows it (keep-with-next): it starts a new page unless the heading
 * itself and `room` points of its content (at least its first line) fit below it, so a heading
 * is never the last thing on a page.
 */
function heading(doc: Doc, text: string, room = LINE_ROOM) {
  doc.font('Helvetica-Bold').fontSize(12);
  const own = doc.heightOfString(pdfSafe(text), { width: WIDTH }) + doc.currentLineHeight(true) * 0.3;
  if (doc.y + own + room > doc.page.height - MARGIN) doc.addPage();
  doc.fillColor(COLOR.text).text(pdfSafe(text), MARGIN);
  doc.moveDown(0.3);
}

/** What a report section's first paragraph needs below its heading (it may wrap onto several lines). */
function firstParagraphRoom(doc: Doc, line: string | undefined): number {
  if (line === undefined) return LINE_ROOM;
  doc.font('Helvetica').fontSize(10);
  return Math.min(doc.heightOfString(pdfSafe(line), { width: WIDTH }), 4 * doc.currentLineHeight(true));
}

function rows(doc: Doc, pairs: Array<[string, string]>) {
  for (const [label, value] of pairs) {
    const y = doc.y;
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(COLOR.muted)
      .text(pdfSafe(label), MARGIN, y, { width: 150 });
    doc
      .font('Helvetica')
      .fillColor(COLOR.text)
      .text(pdfSafe(value), MARGIN + 155, y, { width: WIDTH - 155 });
    doc.moveDown(0.15);
  }
  doc.x = MARGIN;
}

function chart(doc: Doc, option: Record<string, unknown>, height: number) {
  if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
  const svg = renderChartSvg(option, CHART_WIDTH, height);
  SVGtoPDF(doc, svg, MARGIN, doc.y, { width: WIDTH, height, assumePt: true });
  doc.y += height + 8;
  doc.x = MARGIN;
}

function cycleRows(locale: PdfLocale, c: CycleAnalysis): Array<[string, string]> {
  const w = locale.words;
  const days = (n: number | null) => (n === null ? '-' : daysText(locale, n));
  return [
    [
      w.rows.cycle,
      fill(w.cycleSpan, {
        number: c.number,
        start: memberDate(locale, c.startDate),
        end: memberDate(locale, c.endDate),
      }) + (c.complete ? '' : ` (${w.chart.running})`),
    ],
    [
      w.rows.cycleLength,
      c.complete ? daysText(locale, c.length) : fillCounted(locale.language, w.daysSoFar, c.length),
    ],
    [w.rows.periodLength, daysText(locale, c.periodLength)],
    [w.rows.ovulation, ovulationText(locale, c)],
    [
      w.rows.temperatureShift,
      c.temperature
        ? fill(w.shift, {
            day: c.temperature.shiftDay,
            shift: temperature(locale, c.temperature.shift),
            cover: temperature(locale, c.temperature.coverLine),
            unit: '°C',
          })
        : w.noShift,
    ],
    [
      w.rows.lhPeaks,
      c.lhPeaks.length
        ? c.lhPeaks
            .map((p) =>
              fill(w.lhPeak, { day: p.day, value: formatLh(p.value, locale.language), unit: w.chart.lhUnit }),
            )
            .join(', ')
        : w.none,
    ],
    [w.rows.follicular, days(c.follicularLength)],
    [w.rows.luteal, days(c.lutealLength)],
    [
      w.rows.fertileWindow,
      c.fertileWindow
        ? fill(w.fertileWindow, {
            from: c.fertileWindow.startDay,
            to: c.fertileWindow.endDay,
            start: memberDate(locale, c.fertileWindow.startDate),
            end: memberDate(locale, c.fertileWindow.endDate),
          })
        : '-',
    ],
    [w.rows.flags, flagsText(locale, c.flags)],
  ];
}

/** The rows of the portal's statistics (member-charts.tsx, cycle-overlay.tsx), in its words. */
function statisticsRows(
  locale: PdfLocale,
  s: CycleStatistics,
  flags: readonly HistoryFlag[],
): Array<[string, string]> {
  const r = locale.words.rows;
  return [
    [r.cycleLength, statisticText(locale, s.cycleLength)],
    [r.periodLength, statisticText(locale, s.periodLength)],
    [r.ovulationDay, statisticText(locale, s.ovulationDay, 'day')],
    [r.follicular, statisticText(locale, s.follicularLength)],
    [r.luteal, statisticText(locale, s.lutealLength)],
    [r.history, flagsText(locale, flags)],
  ];
}

function toBuffer(build: (doc: Doc) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Producer: 'Provider portal' } });
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      build(doc);
      doc.end();
    } catch (error) {
      reject(error as Error);
    }
  });
}

export function cycleAnalysisPdf(h: PdfHeader, picked: CycleWithDays): Promise<Buffer> {
  return toBuffer((doc) => {
    header(doc, h);
    heading(doc, fill(h.locale.words.cycleHeading, { number: picked.cycle.number }), 300);
    chart(doc, cycleChartOption(picked.cycle, picked.days, chartLabels(h.locale), CHART_WIDTH), 260);
    rows(doc, cycleRows(h.locale, picked.cycle));
  });
}

export interface ComparisonContent {
  /** The cycles compared (the latest, the running one included), with the statistics across them. */
  cycles: CycleWithDays[];
  statistics: CycleStatistics;
  flags: HistoryFlag[];
  /** Her whole history: the figures the portal shows above her charts. */
  history: { cycles: number; statistics: CycleStatistics; flags: HistoryFlag[] };
}

function comparisonBody(doc: Doc, locale: PdfLocale, c: ComparisonContent) {
  const w = locale.words;
  const labels = chartLabels(locale);
  const count = (counted: typeof w.across, n: number) => fillCounted(locale.language, counted, n);
  heading(doc, count(w.onRecord, c.history.cycles));
  rows(doc, statisticsRows(locale, c.history.statistics, c.history.flags));
  doc.moveDown(0.5);
  heading(doc, count(w.overlaid, c.cycles.length), 300);
  chart(doc, overlayChartOption(c.cycles, labels, CHART_WIDTH), 260);
  const phaseHeight = Math.max(140, 60 + 26 * c.cycles.length);
  heading(doc, w.phases, phaseHeight + 30);
  chart(
    doc,
    phaseChartOption(
      c.cycles.map((x) => x.cycle),
      c.statistics,
      labels,
      CHART_WIDTH,
    ),
    phaseHeight,
  );
  heading(doc, count(w.across, c.cycles.length));
  rows(doc, statisticsRows(locale, c.statistics, c.flags));
  doc.moveDown(0.5);
  heading(doc, w.eachCycle);
  for (const { cycle } of c.cycles) {
    const text = fill(w.cycleLine, {
      length: cycle.complete
        ? daysText(locale, cycle.length)
        : fillCounted(locale.language, w.daysSoFar, cycle.length),
      ovulation: ovulationText(locale, cycle),
      luteal: cycle.lutealLength === null ? '-' : daysText(locale, cycle.lutealLength),
      flags: flagsText(locale, cycle.flags),
    });
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(COLOR.text)
      .text(pdfSafe(`${cycleRef(locale, cycle)}: `), MARGIN, doc.y, { width: WIDTH, continued: true })
      .font('Helvetica')
      .text(pdfSafe(text));
    doc.moveDown(0.3);
  }
}

export function cycleComparisonPdf(h: PdfHeader, content: ComparisonContent): Promise<Buffer> {
  return toBuffer((doc) => {
    header(doc, h);
    comparisonBody(doc, h.locale, content);
  });
}

export interface ReportSection {
  heading: string;
  lines: string[];
}

export function expertReportPdf(
  h: PdfHeader,
  sections: readonly ReportSection[],
  content: ComparisonContent | null,
): Promise<Buffer> {
  return toBuffer((doc) => {
    header(doc, h);
    for (const s of sections) {
      heading(doc, s.heading, firstParagraphRoom(doc, s.lines[0]));
      doc.font('Helvetica').fontSize(10).fillColor(COLOR.text);
      for (const line of s.lines) doc.text(pdfSafe(line), MARGIN, doc.y, { width: WIDTH });
      doc.moveDown(0.6);
    }
    if (content) {
      rule(doc);
      comparisonBody(doc, h.locale, content);
    }
  });
}
