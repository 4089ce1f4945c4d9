/**
 * Content the provider recommends to clients, spec §7 "Content and cycle data": blog categories
 * and posts, videos and member tags, served from seeded data with paging.
 */
import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { Id } from './fields';
import { Instant, pageOf, Paging } from './workspace-fields';

export const BlogCategory = z.object({ id: z.number().check(z.int()), name: z.string(), slug: z.string() });

export const MemberTag = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  group: z.string().check(z.describe('TRYING_TO_CONCEIVE, PREGNANCY, CONDITION or TREATMENT')),
});

export const BlogPost = z.object({
  id: z.number().check(z.int()),
  categoryId: z.number().check(z.int()),
  title: z.string(),
  summary: z.string(),
  url: z.string(),
  coverUrl: z.nullable(z.string()),
  readMinutes: z.number().check(z.int()),
  tagIds: z.array(z.number().check(z.int())),
  publishedAt: Instant,
});

export const Video = z.object({
  id: z.number().check(z.int()),
  title: z.string(),
  description: z.string(),
  youtubeId: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
  durationSeconds: z.number().check(z.int()),
  tagIds: z.array(z.number().check(z.int())),
  publishedAt: Instant,
});

const Search = z.extend(Paging, {
  keyword: z
    .optional(z.string().check(z.trim(), z.maxLength(80)))
    .check(z.describe('Matches the title (case-insensitive)')),
  tagId: z.optional(Id).check(z.describe('Only items with this member tag')),
});

export const getBlogCategories = defineEndpoint({
  id: 'getBlogCategories',
  method: 'GET',
  path: '/misc/blog/category/all',
  summary: 'Every blog category',
  tag: 'Content',
  auth: 'token',
  response: z.array(BlogCategory),
});

export const getBlogList = defineEndpoint({
  id: 'getBlogList',
  method: 'GET',
  path: '/misc/blog/getBlogList',
  summary: 'Blog posts, newest first, by category, tag and title',
  tag: 'Content',
  auth: 'token',
  query: z.extend(Search, { categoryId: z.optional(Id) }),
  response: pageOf(BlogPost),
});

export const getVideoList = defineEndpoint({
  id: 'getVideoList',
  method: 'GET',
  path: '/misc/video/youtube/queryList',
  summary: 'Videos, newest first, by tag and title',
  tag: 'Content',
  auth: 'token',
  query: Search,
  response: pageOf(Video),
});

export const getAllMemberTags = defineEndpoint({
  id: 'getAllMemberTags',
  method: 'GET',
  path: '/misc/memberTag/getAllTags',
  summary: 'Every member tag (what clients are going through), for filtering content',
  tag: 'Content',
  auth: 'token',
  response: z.array(MemberTag),
});
