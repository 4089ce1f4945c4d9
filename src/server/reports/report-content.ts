/**
 * A report's content as the editor saves it (spec §7 `save`, JSON body): every chosen id must
 * exist in its catalogue or content table, else VALIDATION_ERROR names the field and the ids.
 * Completing needs a summary and at least one finding.
 */
import type { Updateable } from 'kysely';
import type { ReportContent } from '../../shared/api/expert-reports';
import type { FieldError } from '../../shared/api/envelope';
import type { Database } from '../db/database';
import type { ExpertReportsTable } from '../db/schema';
import { ApiError } from '../http/api-error';

type IdTable =
  | 'expert_report_categories'
  | 'expert_report_todos'
  | 'expert_report_lifestyle'
  | 'blog_posts'
  | 'videos'
  | 'member_tags';

const CHECKS: Array<[keyof ReportContent, IdTable]> = [
  ['categoryIds', 'expert_report_categories'],
  ['toDoIds', 'expert_report_todos'],
  ['lifestyleIds', 'expert_report_lifestyle'],
  ['blogIds', 'blog_posts'],
  ['videoIds', 'videos'],
  ['tagIds', 'member_tags'],
];

const unique = (ids: number[]) => [...new Set(ids)];

/** The content's columns, after checking that every id exists. */
export async function contentColumns(
  db: Database,
  content: ReportContent,
): Promise<Updateable<ExpertReportsTable>> {
  const fields: FieldError[] = [];
  for (const [field, table] of CHECKS) {
    const ids = unique(content[field] as number[]);
    if (ids.length === 0) continue;
    const found = new Set(
      (await db.selectFrom(table).select('id').where('id', 'in', ids).execute()).map((r) => r.id),
    );
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) fields.push({ field, message: `Unknown id ${missing.join(', ')}` });
  }
  if (fields.length) throw ApiError.validation(fields);
  return {
    summary: content.summary.trim(),
    category_ids: unique(content.categoryIds),
    todo_ids: unique(content.toDoIds),
    custom_todos: content.customToDos,
    lifestyle_ids: unique(content.lifestyleIds),
    blog_ids: unique(content.blogIds),
    video_ids: unique(content.videoIds),
    tag_ids: unique(content.tagIds),
    follow_up_weeks: content.followUpWeeks,
  };
}

export const MIN_SUMMARY = 20;

/** What a report needs before it is completed (checked on the saved draft). */
export function checkCompletable(row: { summary: string; category_ids: number[] }): void {
  const fields: FieldError[] = [];
  if (row.summary.trim().length < MIN_SUMMARY)
    fields.push({
      field: 'summary',
      message: `Write a summary of at least ${MIN_SUMMARY} characters and save it`,
    });
  if (row.category_ids.length === 0)
    fields.push({ field: 'categoryIds', message: 'Choose at least one finding and save it' });
  if (fields.length) throw ApiError.validation(fields);
}
