/**
 * Expert reports, spec §7 "Expert reports" (issue 12; entities in docs/entities.md "Expert
 * reports"). Every call needs report access (MEMBER_EXPERT_REPORT_NO_ACCESS otherwise, spec §8);
 * a member's data (getUserInfo, getReportsByUserId) needs a report the provider holds or a
 * consultation with the member. Field names are ours (spec: "not shown").
 */
import { z } from 'zod/mini';
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
  reportId: z.number().check(z.int()),
  title: z.string(),
  type: z.enum(EXPERT_REPORT_TYPES),
  status: z.enum(EXPERT_REPORT_STATUSES),
  memberId: z
    .number()
    .check(z.int(), z.describe('The member (userId of getUserInfo and getReportsByUserId)')),
  memberName: z.string(),
  memberAvatar: z.nullable(z.string()),
  memberQuestion: z.string().check(z.describe('What the member asked for when she requested the report')),
  providerId: z
    .nullable(z.number().check(z.int()))
    .check(z.describe('Who holds it; null while in the open pool')),
  providerName: z.nullable(z.string()),
  mine: z
    .boolean()
    .check(z.describe('Held by (assigned to, claimed or completed by) the signed-in provider')),
  createdAt: Instant,
  claimedAt: z.nullable(Instant),
  completedAt: z.nullable(Instant),
  savedAt: z.nullable(Instant).check(z.describe('Last draft save')),
});
export type ReportSummary = z.infer<typeof ReportSummary>;

export const ReportCategory = z.object({
  id: z.number().check(z.int()),
  code: z.string(),
  name: z.string(),
  description: z.string(),
});

export const ToDoItem = z.object({
  id: z.number().check(z.int()),
  categoryId: z.nullable(z.number().check(z.int())),
  text: z.string(),
});

export const LifestyleItem = z.object({
  id: z.number().check(z.int()),
  area: z.enum(LIFESTYLE_AREAS),
  text: z.string(),
});

const IdArray = z._default(z.array(Id).check(z.maxLength(50, 'At most 50')), []);

/** The report's content as the editor saves it (JSON body of `save`). */
export const ReportContent = z.object({
  summary: z
    ._default(z.string().check(z.maxLength(10_000, 'At most 10000 characters')), '')
    .check(z.describe('The expert opinion, free text')),
  categoryIds: IdArray.check(z.describe('Findings (getCategoryList)')),
  toDoIds: IdArray.check(z.describe('Steps for the member (getToDoList)')),
  customToDos: z
    ._default(
      z
        .array(
          z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(300, 'At most 300 characters')),
        )
        .check(z.maxLength(10, 'At most 10')),
      [],
    )
    .check(z.describe('Steps written by the provider')),
  lifestyleIds: IdArray.check(z.describe('Lifestyle advice (getLifestyleList)')),
  blogIds: IdArray.check(z.describe('Recommended blog posts (/misc/blog/getBlogList)')),
  videoIds: IdArray.check(z.describe('Recommended videos (/misc/video/youtube/queryList)')),
  tagIds: IdArray.check(z.describe('Member tags that describe her situation (/misc/memberTag/getAllTags)')),
  followUpWeeks: z
    ._default(z.nullable(z.coerce.number().check(z.int(), z.gte(1), z.lte(52))), null)
    .check(z.describe('Suggested review in this many weeks')),
});
export type ReportContent = z.output<typeof ReportContent>;

export const ReportDetail = z.extend(ReportSummary, {
  content: z.required(ReportContent),
  editable: z
    .boolean()
    .check(z.describe('Claimed by the signed-in provider: save and completed are allowed')),
  categories: z.array(ReportCategory),
  toDos: z.array(ToDoItem),
  lifestyle: z.array(LifestyleItem),
  blogs: z.array(BlogPost),
  videos: z.array(Video),
  tags: z.array(MemberTag),
});
export type ReportDetail = z.infer<typeof ReportDetail>;

export const MemberInfo = z.object({
  userId: z.number().check(z.int()),
  chatId: z.number().check(z.int()),
  name: z.string(),
  avatar: z.nullable(z.string()),
  country: z.nullable(z.string()),
  timezone: z.string(),
  birthDate: z.nullable(z.string()).check(z.describe('YYYY-MM-DD')),
  age: z.nullable(z.number().check(z.int())),
  goal: z.nullable(z.enum(MEMBER_GOALS)),
  cycleLengthDays: z
    .nullable(z.number())
    .check(
      z.describe(
        'Her usual cycle length, days: the mean of her complete cycles on record (one decimal, the figure of the cycle statistics), else what her profile says',
      ),
    ),
  cycleLengthRange: z
    .nullable(z.object({ min: z.number().check(z.int()), max: z.number().check(z.int()) }))
    .check(z.describe('Her shortest and longest cycles, when they differ')),
  periodLengthDays: z
    .nullable(z.number())
    .check(z.describe('Her usual period length, days: the mean over her cycles on record, else her profile')),
  recordedCycles: z
    .number()
    .check(
      z.int(),
      z.describe(
        'Complete cycles on record the usual lengths are taken over; 0 when they come from her profile',
      ),
    ),
  conditions: z.array(z.string()).check(z.describe('Known conditions, e.g. PCOS')),
  tryingForMonths: z
    .nullable(z.number().check(z.int()))
    .check(z.describe('Trying to conceive: months since she started')),
  lastMenstrualPeriod: z
    .nullable(z.string())
    .check(
      z.describe(
        'First day of her last period, YYYY-MM-DD: the start of her latest cycle on record (of her pregnancy), else her profile',
      ),
    ),
  pregnancyWeek: z
    .nullable(z.number().check(z.int()))
    .check(z.describe('Pregnant: completed weeks since the last period')),
  dueDate: z
    .nullable(z.string())
    .check(z.describe('Pregnant: estimated due date (LMP + 280 days), YYYY-MM-DD')),
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
  query: z.extend(Paging, {
    pageSize: z
      ._default(
        z.coerce.number().check(
          z.int(),
          z.refine(
            (n) => (REPORT_LIST_PAGE_SIZES as readonly number[]).includes(n),
            'Use 1, 10, 20, 50 or 100',
          ),
        ),
        10,
      )
      .check(z.describe("Rows per page: the table sizes of spec §9, or 1 for spec §5's report access check")),
    type: z._default(z.enum(REPORT_LIST_TYPES), 'MyTask'),
    keyword: z
      .optional(z.string().check(z.trim(), z.maxLength(80)))
      .check(z.describe("Matches the member's name (case-insensitive)")),
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
  body: z.extend(ReportContent, { reportId: Id }),
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
  query: z.extend(Paging, { userId: Id }),
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
  query: z.object({ categoryId: z.optional(Id) }),
  response: z.array(ToDoItem),
});

export const getReportLifestyleList = defineEndpoint({
  id: 'getReportLifestyleList',
  method: 'GET',
  path: `${BASE}/getLifestyleList`,
  summary: 'Lifestyle advice a report can give, optionally for one area',
  tag: TAG,
  auth: 'token',
  query: z.object({ area: z.optional(z.enum(LIFESTYLE_AREAS)) }),
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
