/**
 * Unsaved editor changes, kept as the report's draft among the provider's drafts (src/app/session,
 * docs/security.md "Automatic logoff"): they survive leaving the editor, a reload and the
 * automatic logoff in this browser, and come back when the editor opens again. Saved drafts live
 * on the server; this is only what is not saved yet.
 */
import { ReportContent } from '../../../shared/api/expert-reports';
import type { Drafts } from '../../session';

export const reportDraftKey = (reportId: number) => `report:${reportId}`;

/** The editor's content in a draft, or null when it is not one (an older or damaged record). */
export function readReportDraft(value: unknown): ReportContent | null {
  const parsed = ReportContent.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function keepReportDraft(
  drafts: Drafts,
  report: { reportId: number; memberName: string },
  content: ReportContent,
  path: string,
): void {
  drafts.keep({
    key: reportDraftKey(report.reportId),
    kind: 'report',
    path,
    about: report.memberName,
    value: content,
  });
}

export function dropReportDraft(drafts: Drafts, reportId: number): void {
  drafts.drop(reportDraftKey(reportId));
}

/** Same content, whatever the order of the chosen items or of the fields. */
export function sameContent(a: ReportContent, b: ReportContent): boolean {
  const ids = (list: readonly number[]) => [...list].sort((x, y) => x - y);
  const norm = (c: ReportContent) =>
    JSON.stringify([
      c.summary.trim(),
      ids(c.categoryIds),
      ids(c.toDoIds),
      c.customToDos.map((s) => s.trim()),
      ids(c.lifestyleIds),
      ids(c.blogIds),
      ids(c.videoIds),
      ids(c.tagIds),
      c.followUpWeeks,
    ]);
  return norm(a) === norm(b);
}
