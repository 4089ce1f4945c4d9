/** The text of an expert report for its PDF: what the report holds, in reading order. */
import type { Selectable } from 'kysely';
import type { ExpertReportsTable } from '../../db/schema';
import type { ReportSection } from './cycle-pdf';

function day(d: Date | null): string {
  return d === null ? '-' : d.toISOString().slice(0, 10);
}

export function reportSections(report: Selectable<ExpertReportsTable>): ReportSection[] {
  return [
    {
      heading: 'Report',
      lines: [
        `Type: ${report.report_type.replace(/_/g, ' ').toLowerCase()}`,
        `Status: ${report.status.toLowerCase()}`,
        `Assigned ${day(report.assigned_at)}, claimed ${day(report.claimed_at)}, completed ${day(report.completed_at)}`,
      ],
    },
  ];
}
