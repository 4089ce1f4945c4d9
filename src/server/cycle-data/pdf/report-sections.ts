/**
 * The text of an expert report (src/shared/api/expert-reports.ts ReportDetail) for its PDF, in
 * reading order and in the provider's language; the catalogue items arrive in it already (the
 * detail is read in her language), the member's question and the provider's own words stay as
 * written.
 */
import type { ReportDetail } from '../../../shared/api/expert-reports';
import type { ReportSection } from './cycle-pdf';
import { type PdfLocale, providerTime } from './describe';
import { fill, fillCounted } from './text/pdf-text';

export function reportSections(locale: PdfLocale, report: ReportDetail): ReportSection[] {
  const w = locale.words.report;
  const when = (iso: string | null) => (iso === null ? '-' : providerTime(locale, new Date(iso)));
  const sections: ReportSection[] = [
    {
      heading: w.heading,
      lines: [
        fill(w.typeStatus, {
          type: locale.words.types[report.type],
          status: locale.words.statuses[report.status],
        }),
        fill(w.dates, {
          requested: when(report.createdAt),
          claimed: when(report.claimedAt),
          completed: when(report.completedAt),
        }),
      ],
    },
  ];
  const add = (heading: string, lines: string[]) => {
    if (lines.length > 0) sections.push({ heading, lines });
  };
  add(w.question, report.memberQuestion ? [report.memberQuestion] : []);
  add(w.assessment, report.content.summary ? [report.content.summary] : []);
  add(
    w.findings,
    report.categories.map((c) => `- ${c.name}: ${c.description}`),
  );
  add(w.toDos, [
    ...report.toDos.map((t) => `- ${t.text}`),
    ...report.content.customToDos.map((t) => `- ${t}`),
  ]);
  add(
    w.lifestyle,
    report.lifestyle.map((l) => `- ${l.text}`),
  );
  add(w.reading, [
    ...report.blogs.map((b) => `- ${b.title} (${b.url})`),
    ...report.videos.map((v) => `- ${v.title} (${v.url})`),
  ]);
  if (report.content.followUpWeeks !== null) {
    add(w.followUp, [fillCounted(locale.language, w.followUpWeeks, report.content.followUpWeeks)]);
  }
  return sections;
}
