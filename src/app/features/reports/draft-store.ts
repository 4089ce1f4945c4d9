/**
 * Unsaved editor changes kept for the browser session (no lost data when the provider leaves the
 * editor within the portal or reloads): one entry per report in session storage, which sign-out
 * clears (spec §8). Saved drafts live on the server; this is only what is not saved yet.
 */
import { ReportContent } from '../../../shared/api/expert-reports';

const key = (reportId: number) => `expertReportDraft:${reportId}`;

function store(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function readLocalDraft(reportId: number): ReportContent | null {
  const text = store()?.getItem(key(reportId));
  if (!text) return null;
  try {
    const parsed = ReportContent.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeLocalDraft(reportId: number, content: ReportContent): void {
  try {
    store()?.setItem(key(reportId), JSON.stringify(content));
  } catch {
    // Storage full or refused: the leave warning still protects the changes on this page.
  }
}

export function clearLocalDraft(reportId: number): void {
  store()?.removeItem(key(reportId));
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
