/**
 * The PDFs of the link calls (spec §7 "Content and cycle data"): a cycle analysis, a comparison of
 * cycles, and an expert report with the member's cycles. Made with PDFKit; the charts are the
 * portal's chart options (src/shared/cycle/chart-options.ts) drawn by ECharts' server-side SVG
 * rendering and placed with svg-to-pdfkit.
 */
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import {
  cycleChartOption,
  type CycleAnalysis,
  type CycleStatistics,
  type HistoryFlag,
  overlayChartOption,
  phaseChartOption,
} from '../../../shared/cycle';
import type { MemberSummary, OngoingPregnancy } from '../../member-health/member-cycles';
import type { CycleWithDays } from '../select-cycles';
import { flagsText, ovulationText, statisticText } from './describe';
import { renderChartSvg } from './render-chart';

const MARGIN = 40;
const WIDTH = 595.28 - 2 * MARGIN;
const COLOR = { text: '#212121', muted: '#616161', rule: '#bdbdbd' };

export interface PdfHeader {
  title: string;
  member: MemberSummary;
  pregnancy: OngoingPregnancy | null;
  providerName: string;
  generatedAt: Date;
}

type Doc = PDFKit.PDFDocument;

function header(doc: Doc, h: PdfHeader) {
  doc.font('Helvetica-Bold').fontSize(16).fillColor(COLOR.text).text(h.title);
  doc.moveDown(0.2);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(COLOR.muted)
    .text(
      `${h.member.name} (time zone ${h.member.timezone}) - prepared for ${h.providerName} - generated ` +
        `${h.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    );
  if (h.pregnancy) {
    doc.text(
      `Pregnant: ${h.pregnancy.weeks} weeks ${h.pregnancy.days} days (last period ${h.pregnancy.lmpDate}, ` +
        `due ${h.pregnancy.dueDate}, trimester ${h.pregnancy.trimester})`,
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

function heading(doc: Doc, text: string) {
  doc.font('Helvetica-Bold').fontSize(12).fillColor(COLOR.text).text(text, MARGIN);
  doc.moveDown(0.3);
}

function rows(doc: Doc, pairs: Array<[string, string]>) {
  for (const [label, value] of pairs) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(9).fillColor(COLOR.muted).text(label, MARGIN, y, { width: 150 });
    doc
      .font('Helvetica')
      .fillColor(COLOR.text)
      .text(value, MARGIN + 155, y, { width: WIDTH - 155 });
    doc.moveDown(0.15);
  }
  doc.x = MARGIN;
}

function chart(doc: Doc, option: Record<string, unknown>, height: number) {
  if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
  const svg = renderChartSvg(option, Math.round(WIDTH), height);
  SVGtoPDF(doc, svg, MARGIN, doc.y, { width: WIDTH, height, assumePt: true });
  doc.y += height + 8;
  doc.x = MARGIN;
}

function cycleRows(c: CycleAnalysis): Array<[string, string]> {
  return [
    ['Cycle', `${c.number}: ${c.startDate} to ${c.endDate}${c.complete ? '' : ' (running)'}`],
    ['Cycle length', `${c.length} days${c.complete ? '' : ' so far'}`],
    ['Period', `${c.periodLength} days`],
    ['Ovulation', ovulationText(c)],
    [
      'Temperature shift',
      c.temperature
        ? `from day ${c.temperature.shiftDay}, +${c.temperature.shift.toFixed(2)} °C; cover line ${c.temperature.coverLine.toFixed(2)} °C`
        : 'none found',
    ],
    [
      'LH peaks',
      c.lhPeaks.length ? c.lhPeaks.map((p) => `day ${p.day}: ${p.value} mIU/mL`).join(', ') : 'none',
    ],
    ['Follicular phase', c.follicularLength === null ? '-' : `${c.follicularLength} days`],
    ['Luteal phase', c.lutealLength === null ? '-' : `${c.lutealLength} days`],
    [
      'Fertile window',
      c.fertileWindow
        ? `days ${c.fertileWindow.startDay}-${c.fertileWindow.endDay} (${c.fertileWindow.startDate} to ${c.fertileWindow.endDate})`
        : '-',
    ],
    ['Flags', flagsText(c.flags)],
  ];
}

function statisticsRows(s: CycleStatistics, flags: readonly HistoryFlag[]): Array<[string, string]> {
  return [
    ['Cycle length', statisticText(s.cycleLength)],
    ['Period length', statisticText(s.periodLength)],
    ['Ovulation day', statisticText(s.ovulationDay)],
    ['Follicular phase', statisticText(s.follicularLength)],
    ['Luteal phase', statisticText(s.lutealLength)],
    ['History', flagsText(flags)],
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
    heading(doc, `Cycle ${picked.cycle.number}`);
    chart(doc, cycleChartOption(picked.cycle, picked.days), 260);
    rows(doc, cycleRows(picked.cycle));
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

function comparisonBody(doc: Doc, c: ComparisonContent) {
  heading(doc, `All ${c.history.cycles} cycles on record`);
  rows(doc, statisticsRows(c.history.statistics, c.history.flags));
  doc.moveDown(0.5);
  heading(doc, `${c.cycles.length} cycles overlaid by cycle day`);
  chart(doc, overlayChartOption(c.cycles), 260);
  heading(doc, 'Phases');
  chart(
    doc,
    phaseChartOption(
      c.cycles.map((x) => x.cycle),
      c.statistics,
    ),
    Math.max(140, 60 + 26 * c.cycles.length),
  );
  heading(doc, `Across these ${c.cycles.length} cycles`);
  rows(doc, statisticsRows(c.statistics, c.flags));
  doc.moveDown(0.5);
  heading(doc, 'Each cycle');
  for (const x of c.cycles) {
    rows(doc, [
      [
        `Cycle ${x.cycle.number} (${x.cycle.startDate}${x.cycle.complete ? '' : ', running'})`,
        `${x.cycle.length} days${x.cycle.complete ? '' : ' so far'}; ovulation: ${ovulationText(x.cycle)}; luteal phase: ` +
          `${x.cycle.lutealLength === null ? '-' : `${x.cycle.lutealLength} days`}; flags: ${flagsText(x.cycle.flags)}`,
      ],
    ]);
  }
}

export function cycleComparisonPdf(h: PdfHeader, content: ComparisonContent): Promise<Buffer> {
  return toBuffer((doc) => {
    header(doc, h);
    comparisonBody(doc, content);
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
      heading(doc, s.heading);
      doc.font('Helvetica').fontSize(10).fillColor(COLOR.text);
      for (const line of s.lines) doc.text(line, MARGIN, doc.y, { width: WIDTH });
      doc.moveDown(0.6);
    }
    if (content) {
      rule(doc);
      comparisonBody(doc, content);
    }
  });
}
