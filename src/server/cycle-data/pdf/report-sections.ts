/** The text of an expert report (src/shared/api/expert-reports.ts ReportDetail) for its PDF, in reading order. */
import type { ReportDetail } from '../../../shared/api/expert-reports';
import type { ReportSection } from './cycle-pdf';

function day(iso: string | null): string {
  return iso === null ? '-' : iso.slice(0, 10);
}

export function reportSections(report: ReportDetail): ReportSection[] {
  const sections: ReportSection[] = [
    {
      heading: 'Report',
      lines: [
        `Type: ${report.type.replace(/_/g, ' ').toLowerCase()}; status: ${report.status.toLowerCase()}`,
        `Requested ${day(report.createdAt)}, claimed ${day(report.claimedAt)}, completed ${day(report.completedAt)}`,
      ],
    },
  ];
  const add = (heading: string, lines: string[]) => {
    if (lines.length > 0) sections.push({ heading, lines });
  };
  add('Question', report.memberQuestion ? [report.memberQuestion] : []);
  add('Assessment', report.content.summary ? [report.content.summary] : []);
  add(
    'Findings',
    report.categories.map((c) => `- ${c.name}: ${c.description}`),
  );
  add('To do', [
    ...report.toDos.map((t) => `- ${t.text}`),
    ...report.content.customToDos.map((t) => `- ${t}`),
  ]);
  add(
    'Lifestyle',
    report.lifestyle.map((l) => `- ${l.text}`),
  );
  add('Recommended reading and videos', [
    ...report.blogs.map((b) => `- ${b.title} (${b.url})`),
    ...report.videos.map((v) => `- ${v.title} (${v.url})`),
  ]);
  if (report.content.followUpWeeks !== null) {
    add('Follow-up', [`In ${report.content.followUpWeeks} weeks`]);
  }
  return sections;
}
