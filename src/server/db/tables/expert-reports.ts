/**
 * Expert reports, their editor's catalogues and the member's health profile
 * (migrations/0410_expert_reports.sql, 0510_expert_report_pool_and_content.sql).
 */
import type { ColumnType, Generated } from 'kysely';
import type { ExpertReportStatus, LifestyleArea, MemberGoal } from '../../../shared/expert-reports';
import type { Timestamp, CreatedAt, DefaultNow, TranslationsColumn } from './columns';

type IdArray = ColumnType<number[], number[] | undefined, number[]>;
type TextArray = ColumnType<string[], string[] | undefined, string[]>;
/** A `date` column: read as a Date at UTC midnight, written as `YYYY-MM-DD`. */
type DateColumn = ColumnType<Date | null, string | null | undefined, string | null>;

export interface ExpertReportsTable {
  id: Generated<number>;
  member_id: number;
  /** Null exactly while the report is OPEN (in the pool). */
  provider_id: number | null;
  report_type: string;
  title: string;
  status: ExpertReportStatus;
  created_at: CreatedAt;
  assigned_at: DefaultNow;
  claimed_at: Timestamp | null;
  completed_at: Timestamp | null;
  member_question: Generated<string>;
  summary: Generated<string>;
  category_ids: IdArray;
  todo_ids: IdArray;
  custom_todos: TextArray;
  lifestyle_ids: IdArray;
  blog_ids: IdArray;
  video_ids: IdArray;
  tag_ids: IdArray;
  follow_up_weeks: number | null;
  saved_at: Timestamp | null;
}

export interface ExpertReportCategoriesTable {
  id: number;
  code: string;
  name: string;
  description: string;
  /** migrations/0570: this row's text in the other portal languages (Translations). */
  translations: TranslationsColumn;
  sort_order: Generated<number>;
}

export interface ExpertReportTodosTable {
  id: number;
  category_id: number | null;
  text: string;
  /** migrations/0570: this row's text in the other portal languages (Translations). */
  translations: TranslationsColumn;
  sort_order: Generated<number>;
}

export interface ExpertReportLifestyleTable {
  id: number;
  area: LifestyleArea;
  text: string;
  /** migrations/0570: this row's text in the other portal languages (Translations). */
  translations: TranslationsColumn;
  sort_order: Generated<number>;
}

export interface MemberHealthProfilesTable {
  member_id: number;
  birth_date: DateColumn;
  goal: MemberGoal;
  cycle_length_days: number | null;
  cycle_length_min: number | null;
  cycle_length_max: number | null;
  period_length_days: number | null;
  conditions: TextArray;
  trying_since: DateColumn;
  last_menstrual_period: DateColumn;
  updated_at: DefaultNow;
}
