/**
 * Content providers recommend to clients, spec §7 "Content": seeded data with paging; tags and blog
 * categories in the portal's language (issue 26), articles and videos as published.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Selectable } from 'kysely';
import type { z } from 'zod';
import {
  getAllMemberTags,
  getBlogCategories,
  getBlogList,
  getVideoList,
  type BlogPost as BlogPostSchema,
  type Video as VideoSchema,
} from '../../shared/api/content';
import { likePattern } from '../db/like-pattern';
import type { ServerContext } from '../context';
import { countAndPage } from '../db/paging';
import type { Language } from '../../shared/constants';
import type { BlogPostsTable, MemberTagsTable, VideosTable } from '../db/schema';
import { inLanguage, requestLanguage } from '../http/request-language';
import { registerEndpoint } from '../http/route';

const YOUTUBE = 'https://www.youtube.com';

type BlogPost = z.infer<typeof BlogPostSchema>;
type Video = z.infer<typeof VideoSchema>;

/** A blog_posts row as the contract's BlogPost (also used by expert reports' recommendations). */
export function toBlogPost(r: Selectable<BlogPostsTable>): BlogPost {
  return {
    id: r.id,
    categoryId: r.category_id,
    title: r.title,
    summary: r.summary,
    url: r.url,
    coverUrl: r.cover_url,
    readMinutes: r.read_minutes,
    tagIds: r.tag_ids,
    publishedAt: r.published_at.toISOString(),
  };
}

/** A videos row as the contract's Video. */
export function toVideo(r: Selectable<VideosTable>): Video {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    youtubeId: r.youtube_id,
    url: `${YOUTUBE}/watch?v=${r.youtube_id}`,
    thumbnailUrl: `https://i.ytimg.com/vi/${r.youtube_id}/hqdefault.jpg`,
    durationSeconds: r.duration_seconds,
    tagIds: r.tag_ids,
    publishedAt: r.published_at.toISOString(),
  };
}

/** A member tag in `language` (issue 26; also used by expert reports' detail). */
export function toMemberTag(t: Selectable<MemberTagsTable>, language: Language) {
  return { id: t.id, name: inLanguage(t, language, 'name', t.name), group: t.tag_group };
}

export function registerContentRoutes(app: FastifyInstance, ctx: ServerContext) {
  registerEndpoint(app, ctx, getBlogCategories, async ({ request }) => {
    const language = requestLanguage(request.headers['accept-language']);
    const rows = await ctx.db
      .selectFrom('blog_categories')
      .select(['id', 'name', 'slug', 'translations'])
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ id: r.id, name: inLanguage(r, language, 'name', r.name), slug: r.slug }));
  });

  registerEndpoint(app, ctx, getAllMemberTags, async ({ request }) => {
    const language = requestLanguage(request.headers['accept-language']);
    const rows = await ctx.db
      .selectFrom('member_tags')
      .selectAll()
      .orderBy('tag_group')
      .orderBy('id')
      .execute();
    return rows.map((t) => toMemberTag(t, language));
  });

  registerEndpoint(app, ctx, getBlogList, async ({ query }) => {
    let base = ctx.db.selectFrom('blog_posts');
    if (query.categoryId) base = base.where('category_id', '=', query.categoryId);
    if (query.tagId) base = base.where(sql<boolean>`${query.tagId} = any(tag_ids)`);
    if (query.keyword) base = base.where('title', 'ilike', likePattern(query.keyword));
    const { total, rows } = await countAndPage(
      base,
      (q) => q.selectAll().orderBy('published_at', 'desc').orderBy('id', 'desc'),
      query.page,
      query.pageSize,
    );
    return {
      total,
      page: query.page,
      pageSize: query.pageSize,
      list: rows.map(toBlogPost),
    };
  });

  registerEndpoint(app, ctx, getVideoList, async ({ query }) => {
    let base = ctx.db.selectFrom('videos');
    if (query.tagId) base = base.where(sql<boolean>`${query.tagId} = any(tag_ids)`);
    if (query.keyword) base = base.where('title', 'ilike', likePattern(query.keyword));
    const { total, rows } = await countAndPage(
      base,
      (q) => q.selectAll().orderBy('published_at', 'desc').orderBy('id', 'desc'),
      query.page,
      query.pageSize,
    );
    return {
      total,
      page: query.page,
      pageSize: query.pageSize,
      list: rows.map(toVideo),
    };
  });
}
