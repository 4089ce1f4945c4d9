/**
 * Expert report rows as the contract's summary and detail (src/shared/api/expert-reports.ts): one
 * select joined with the member and the holding provider, and the detail's chosen catalogue items
 * and content spelt out.
 */
import { sql } from 'kysely';
import type { ReportDetail, ReportSummary } from '../../shared/api/expert-reports';
import type { ExpertReportType } from '../../shared/expert-reports';
import type { Language } from '../../shared/constants';
import { toBlogPost, toMemberTag, toVideo } from '../content/content-routes';
import type { Database } from '../db/database';
import { inLanguage } from '../http/request-language';

export const memberNameSql = sql<string>`(m.first_name || ' ' || m.last_name)`;

/** Reports with their member and holding provider (no columns yet); add where, then select. */
export function reportBase(db: Database) {
  return db
    .selectFrom('expert_reports as r')
    .innerJoin('members as m', 'm.id', 'r.member_id')
    .leftJoin('providers as p', 'p.id', 'r.provider_id');
}

/** What every summary and detail is made from. */
export function reportQuery(db: Database) {
  return reportBase(db).select([
    'r.id',
    'r.title',
    'r.report_type',
    'r.status',
    'r.member_id',
    'r.provider_id',
    'r.member_question',
    'r.created_at',
    'r.claimed_at',
    'r.completed_at',
    'r.saved_at',
    'r.summary',
    'r.category_ids',
    'r.todo_ids',
    'r.custom_todos',
    'r.lifestyle_ids',
    'r.blog_ids',
    'r.video_ids',
    'r.tag_ids',
    'r.follow_up_weeks',
    'm.first_name as member_first_name',
    'm.last_name as member_last_name',
    'm.avatar_url as member_avatar',
    'm.chat_id as member_chat_id',
    'p.first_name as provider_first_name',
    'p.last_name as provider_last_name',
  ]);
}

export type ReportRow = Awaited<ReturnType<ReturnType<typeof reportQuery>['executeTakeFirstOrThrow']>>;

export async function loadReport(db: Database, reportId: number): Promise<ReportRow | undefined> {
  return reportQuery(db).where('r.id', '=', reportId).executeTakeFirst();
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function providerDisplayName(row: Pick<ReportRow, 'provider_first_name' | 'provider_last_name'>) {
  return row.provider_first_name === null ? null : `${row.provider_first_name} ${row.provider_last_name}`;
}

export function toSummary(row: ReportRow, viewerId: number): ReportSummary {
  return {
    reportId: row.id,
    title: row.title,
    type: row.report_type as ExpertReportType,
    status: row.status,
    memberId: row.member_id,
    memberName: `${row.member_first_name} ${row.member_last_name}`,
    memberAvatar: row.member_avatar,
    memberQuestion: row.member_question,
    providerId: row.provider_id,
    providerName: providerDisplayName(row),
    mine: row.provider_id === viewerId,
    createdAt: row.created_at.toISOString(),
    claimedAt: iso(row.claimed_at),
    completedAt: iso(row.completed_at),
    savedAt: iso(row.saved_at),
  };
}

/**
 * The summary plus the content and every chosen item spelt out, in the order chosen; the catalogue
 * items in `language` (issue 26), the member's and the provider's own words as written.
 */
export async function toDetail(
  db: Database,
  row: ReportRow,
  viewerId: number,
  language: Language,
): Promise<ReportDetail> {
  const byIds = <T extends { id: number }>(ids: number[], items: T[]) =>
    ids.flatMap((id) => items.filter((i) => i.id === id));
  const none = [-1];
  const [categories, toDos, lifestyle, blogs, videos, tags] = await Promise.all([
    db
      .selectFrom('expert_report_categories')
      .select(['id', 'code', 'name', 'description', 'translations'])
      .where('id', 'in', row.category_ids.length ? row.category_ids : none)
      .execute(),
    db
      .selectFrom('expert_report_todos')
      .select(['id', 'category_id', 'text', 'translations'])
      .where('id', 'in', row.todo_ids.length ? row.todo_ids : none)
      .execute(),
    db
      .selectFrom('expert_report_lifestyle')
      .select(['id', 'area', 'text', 'translations'])
      .where('id', 'in', row.lifestyle_ids.length ? row.lifestyle_ids : none)
      .execute(),
    db
      .selectFrom('blog_posts')
      .selectAll()
      .where('id', 'in', row.blog_ids.length ? row.blog_ids : none)
      .execute(),
    db
      .selectFrom('videos')
      .selectAll()
      .where('id', 'in', row.video_ids.length ? row.video_ids : none)
      .execute(),
    db
      .selectFrom('member_tags')
      .selectAll()
      .where('id', 'in', row.tag_ids.length ? row.tag_ids : none)
      .execute(),
  ]);
  return {
    ...toSummary(row, viewerId),
    content: {
      summary: row.summary,
      categoryIds: row.category_ids,
      toDoIds: row.todo_ids,
      customToDos: row.custom_todos,
      lifestyleIds: row.lifestyle_ids,
      blogIds: row.blog_ids,
      videoIds: row.video_ids,
      tagIds: row.tag_ids,
      followUpWeeks: row.follow_up_weeks,
    },
    editable: row.status === 'CLAIMED' && row.provider_id === viewerId,
    categories: byIds(
      row.category_ids,
      categories.map((c) => toCategory(c, language)),
    ),
    toDos: byIds(
      row.todo_ids,
      toDos.map((t) => toToDo(t, language)),
    ),
    lifestyle: byIds(
      row.lifestyle_ids,
      lifestyle.map((l) => toLifestyle(l, language)),
    ),
    blogs: byIds(row.blog_ids, blogs.map(toBlogPost)),
    videos: byIds(row.video_ids, videos.map(toVideo)),
    tags: byIds(
      row.tag_ids,
      tags.map((t) => toMemberTag(t, language)),
    ),
  };
}

type Translated = { translations: Partial<Record<string, Record<string, string>>> };

/** A finding of the catalogue in `language`. */
export function toCategory(
  c: { id: number; code: string; name: string; description: string } & Translated,
  language: Language,
) {
  return {
    id: c.id,
    code: c.code,
    name: inLanguage(c, language, 'name', c.name),
    description: inLanguage(c, language, 'description', c.description),
  };
}

/** A step of the catalogue in `language`. */
export function toToDo(
  t: { id: number; category_id: number | null; text: string } & Translated,
  language: Language,
) {
  return { id: t.id, categoryId: t.category_id, text: inLanguage(t, language, 'text', t.text) };
}

/** Lifestyle advice of the catalogue in `language`. */
export function toLifestyle<A extends string>(
  l: { id: number; area: A; text: string } & Translated,
  language: Language,
) {
  return { id: l.id, area: l.area, text: inLanguage(l, language, 'text', l.text) };
}
