/**
 * Expert reports, spec §7 "Expert reports" (issue 12; entities in docs/entities.md "Expert
 * reports"). Every call needs report access (MEMBER_EXPERT_REPORT_NO_ACCESS otherwise, spec §8);
 * a member's data (getUserInfo, getReportsByUserId) needs a report the provider holds or a
 * consultation with the member. Field names are ours (spec: "not shown").
 */
import { z } from 'zod';
import {
  EXPERT_REPORT_STATUSES,
  EXPERT_REPORT_TYPES,
  LIFESTYLE_AREAS,
  MEMBER_GOALS,
  REPORT_LIST_TYPES,
} from '../expert-reports';
import { BlogPost, MemberTag, Video } from './content';
import { defineEndpoint } from './endpoint';
import { Id } from './fields';
import { TABLE_PAGE_SIZES } from '../constants';
import { Instant, pageOf, Paging } from './workspace-fields';

const BASE = '/user/member/expertReport';

/** reportList's page sizes: the table's (spec §9) and 1, which the report access check asks for (spec §5). */
export const REPORT_LIST_PAGE_SIZES = [1, ...TABLE_PAGE_SIZES] as const;
const TAG = 'Expert reports';

export const ReportSummary = z.object({
  reportId: z.number().int(),
  title: z.string(),
  type: z.enum(EXPERT_REPORT_TYPES),
  status: z.enum(EXPERT_REPORT_STATUSES),
  memberId: z.number().int().describe('The member (userId of getUserInfo and getReportsByUserId)'),
  memberName: z.string(),
  memberAvatar: z.string().nullable(),
  memberQuestion: z.string().describe('What the member asked for when she requested the report'),
  providerId: z.number().int().nullable().describe('Who holds it; null while in the open pool'),
  providerName: z.string().nullable(),
  mine: z.boolean().describe('Held by (assigned to, claimed or completed by) the signed-in provider'),
  createdAt: Instant,
  claimedAt: Instant.nullable(),
  completedAt: Instant.nullable(),
  savedAt: Instant.nullable().describe('Last draft save'),
});
export type ReportSummary = z.infer<typeof ReportSummary>;

export const ReportCategory = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
});

export const ToDoItem = z.object({
  id: z.number().int(),
  categoryId: z.number().int().nullable(),
  text: z.string(),
});

export const LifestyleItem = z.object({
  id: z.number().int(),
  area: z.enum(LIFESTYLE_AREAS),
  text: z.string(),
});

const IdArray = z.array(Id).max(50, 'At most 50').default([]);

/** The report's content as the editor saves it (JSON body of `save`). */
export const ReportContent = z.object({
  summary: z
    .string()
    .max(10_000, 'At most 10000 characters')
    .default('')
    .describe('The expert opinion, free text'),
  categoryIds: IdArray.describe('Findings (getCategoryList)'),
  toDoIds: IdArray.describe('Steps for the member (getToDoList)'),
  customToDos: z
    .array(z.string().trim().min(1, 'Required').max(300, 'At most 300 characters'))
    .max(10, 'At most 10')
    .default([])
    .describe('Steps written by the provider'),
  lifestyleIds: IdArray.describe('Lifestyle advice (getLifestyleList)'),
  blogIds: IdArray.describe('Recommended blog posts (/misc/blog/getBlogList)'),
  videoIds: IdArray.describe('Recommended videos (/misc/video/youtube/queryList)'),
  tagIds: IdArray.describe('Member tags that describe her situation (/misc/memberTag/getAllTags)'),
  followUpWeeks: z.coerce
    .number()
    .int()
    .min(1)
    .max(52)
    .nullable()
    .default(null)
    .describe('Suggested review in this many weeks'),
});
export type ReportContent = z.output<typeof ReportContent>;

export const ReportDetail = ReportSummary.extend({
  content: ReportContent.required(),
  editable: z.boolean().describe('Claimed by the signed-in provider: save and completed are allowed'),
  categories: z.array(ReportCategory),
  toDos: z.array(ToDoItem),
  lifestyle: z.array(LifestyleItem),
  blogs: z.array(BlogPost),
  videos: z.array(Video),
  tags: z.array(MemberTag),
});
export type ReportDetail = z.infer<typeof ReportDetail>;

export const MemberInfo = z.object({
  userId: z.number().int(),
  chatId: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  country: z.string().nullable(),
  timezone: z.string(),
  birthDate: z.string().nullable().describe('YYYY-MM-DD'),
  age: z.number().int().nullable(),
  goal: z.enum(MEMBER_GOALS).nullable(),
  cycleLengthDays: z.number().int().nullable().describe('Her usual cycle length'),
  cycleLengthRange: z
    .object({ min: z.number().int(), max: z.number().int() })
    .nullable()
    .describe('Shortest and longest recent cycles, when they vary'),
  periodLengthDays: z.number().int().nullable(),
  conditions: z.array(z.string()).describe('Known conditions, e.g. PCOS'),
  tryingForMonths: z.number().int().nullable().describe('Trying to conceive: months since she started'),
  lastMenstrualPeriod: z.string().nullable().describe('YYYY-MM-DD'),
  pregnancyWeek: z.number().int().nullable().describe('Pregnant: completed weeks since the last period'),
  dueDate: z.string().nullable().describe('Pregnant: estimated due date (LMP + 280 days), YYYY-MM-DD'),
});
export type MemberInfo = z.infer<typeof MemberInfo>;

const ReportRef = z.object({ reportId: Id });

export const getReportList = defineEndpoint({
  id: 'getReportList',
  method: 'GET',
  path: `${BASE}/reportList`,
  summary:
    'Reports by type: Open (the pool and reports assigned to me), MyTask (claimed by me), Completed (by me)',
  tag: TAG,
  auth: 'token',
  query: Paging.extend({
    pageSize: z.coerce
      .number()
      .int()
      .refine((n) => (REPORT_LIST_PAGE_SIZES as readonly number[]).includes(n), 'Use 1, 10, 20, 50 or 100')
      .default(10)
      .describe("Rows per page: the table sizes of spec §9, or 1 for spec §5's report access check"),
    type: z.enum(REPORT_LIST_TYPES).default('MyTask'),
    keyword: z.string().trim().max(80).optional().describe("Matches the member's name (case-insensitive)"),
  }),
  response: pageOf(ReportSummary),
});

export const claimReport = defineEndpoint({
  id: 'claimReport',
  method: 'POST',
  path: `${BASE}/claim`,
  summary: 'Claim an open report, or one assigned to me; exactly one of two simultaneous claims wins',
  tag: TAG,
  auth: 'token',
  query: ReportRef,
  response: ReportSummary,
});

export const disclaimReport = defineEndpoint({
  id: 'disclaimReport',
  method: 'POST',
  path: `${BASE}/disclaim`,
  summary: 'Give a report I hold back to the open pool (its draft content stays)',
  tag: TAG,
  auth: 'token',
  query: ReportRef,
  response: ReportSummary,
});

export const completeReport = defineEndpoint({
  id: 'completeReport',
  method: 'POST',
  path: `${BASE}/completed`,
  summary: 'Complete a report I claimed (needs a summary and a category); the member is told on her app',
  tag: TAG,
  auth: 'token',
  query: ReportRef,
  response: ReportSummary,
});

export const saveReport = defineEndpoint({
  id: 'saveReport',
  method: 'POST',
  path: `${BASE}/save`,
  summary: 'Save the content of a report I claimed as a draft',
  tag: TAG,
  auth: 'token',
  encoding: 'json',
  body: ReportContent.extend({ reportId: Id }),
  response: ReportDetail,
});

export const getReportDetail = defineEndpoint({
  id: 'getReportDetail',
  method: 'GET',
  path: `${BASE}/getByExpertReportId`,
  summary: 'One report with its content and the chosen items spelt out (open ones and mine)',
  tag: TAG,
  auth: 'token',
  query: ReportRef,
  response: ReportDetail,
});

export const getReportsByUserId = defineEndpoint({
  id: 'getReportsByUserId',
  method: 'GET',
  path: `${BASE}/getReportsByUserId`,
  summary: "The member's completed reports (by any provider), newest first",
  tag: TAG,
  auth: 'token',
  query: Paging.extend({ userId: Id }),
  response: pageOf(ReportSummary),
});

export const getReportUserInfo = defineEndpoint({
  id: 'getReportUserInfo',
  method: 'GET',
  path: `${BASE}/getUserInfo`,
  summary: "The member's age, goal, usual cycle and known conditions",
  tag: TAG,
  auth: 'token',
  query: z.object({ userId: Id }),
  response: MemberInfo,
});

export const getReportCategoryList = defineEndpoint({
  id: 'getReportCategoryList',
  method: 'GET',
  path: `${BASE}/getCategoryList`,
  summary: 'Findings a report can name',
  tag: TAG,
  auth: 'token',
  response: z.array(ReportCategory),
});

export const getReportToDoList = defineEndpoint({
  id: 'getReportToDoList',
  method: 'GET',
  path: `${BASE}/getToDoList`,
  summary: 'Steps a report can ask of the member, optionally for one category',
  tag: TAG,
  auth: 'token',
  query: z.object({ categoryId: Id.optional() }),
  response: z.array(ToDoItem),
});

export const getReportLifestyleList = defineEndpoint({
  id: 'getReportLifestyleList',
  method: 'GET',
  path: `${BASE}/getLifestyleList`,
  summary: 'Lifestyle advice a report can give, optionally for one area',
  tag: TAG,
  auth: 'token',
  query: z.object({ area: z.enum(LIFESTYLE_AREAS).optional() }),
  response: z.array(LifestyleItem),
});

/** Every expert report endpoint, for the server's registration test and the portal. */
export const EXPERT_REPORT_ENDPOINTS = [
  getReportList,
  claimReport,
  disclaimReport,
  completeReport,
  saveReport,
  getReportDetail,
  getReportsByUserId,
  getReportUserInfo,
  getReportCategoryList,
  getReportToDoList,
  getReportLifestyleList,
] as const;
