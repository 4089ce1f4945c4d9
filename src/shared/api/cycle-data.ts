/**
 * Cycle data calls (spec §7 "Content and cycle data"): a member's cycle analysis, the comparison
 * across cycles, the daily chart (all days, or paged by cycle), and the link calls that generate a
 * PDF and answer a link that expires. Every call needs report access (MEMBER_EXPERT_REPORT_NO_ACCESS)
 * and a report the provider holds on the member or a consultation with her (FORBIDDEN); each
 * answered call is recorded in the health-data access log. Dates are the member's local calendar
 * dates; temperatures °C; LH mIU/mL. The maths is src/shared/cycle (docs/entities.md "Cycle data").
 */
import { z } from 'zod/mini';
import {
  CYCLE_FLAGS,
  FLOW_LEVELS,
  HISTORY_FLAGS,
  MUCUS_TYPES,
  OVULATION_METHODS,
  TEST_RESULTS,
} from '../cycle/types';
import { defineEndpoint } from './endpoint';
import { Id } from './fields';
import { Instant, LocalDate } from './workspace-fields';

export const CycleDayRecord = z.object({
  date: LocalDate,
  temperature: z.nullable(z.number()).check(z.describe('Basal body temperature, °C')),
  lh: z.nullable(z.number()).check(z.describe('LH test reading, mIU/mL')),
  flow: z.nullable(z.enum(FLOW_LEVELS)),
  mucus: z.nullable(z.enum(MUCUS_TYPES)),
  intercourse: z.boolean(),
  pregnancyTest: z.nullable(z.enum(TEST_RESULTS)),
});

const LhPeak = z.object({ day: z.number().check(z.int()), date: LocalDate, value: z.number() });

export const CycleAnalysisResult = z.object({
  number: z.number().check(z.int(), z.describe('1 for the oldest cycle on record')),
  startDate: LocalDate,
  endDate: LocalDate,
  complete: z.boolean().check(z.describe('False for the cycle still running')),
  length: z.number().check(z.int()),
  periodLength: z.number().check(z.int()),
  ovulation: z.object({
    day: z.nullable(z.number().check(z.int())),
    date: z.nullable(LocalDate),
    method: z.enum(OVULATION_METHODS),
  }),
  temperature: z.nullable(
    z.object({
      shiftDay: z.number().check(z.int()),
      coverLine: z.number().check(z.describe('°C')),
      shift: z.number().check(z.describe('High-phase mean minus the six low temperatures, °C')),
    }),
  ),
  lhPeaks: z.array(LhPeak),
  follicularLength: z.nullable(z.number().check(z.int())),
  lutealLength: z.nullable(z.number().check(z.int())),
  fertileWindow: z.nullable(
    z.object({
      startDay: z.number().check(z.int()),
      endDay: z.number().check(z.int()),
      startDate: LocalDate,
      endDate: LocalDate,
    }),
  ),
  flags: z.array(z.enum(CYCLE_FLAGS)),
});

export const Statistic = z.object({
  n: z.number().check(z.int()),
  mean: z.nullable(z.number()),
  sd: z.nullable(z.number()).check(z.describe('Sample standard deviation')),
  min: z.nullable(z.number()),
  max: z.nullable(z.number()),
});

export const CycleStatisticsResult = z.object({
  cycleLength: Statistic,
  periodLength: Statistic,
  ovulationDay: Statistic,
  follicularLength: Statistic,
  lutealLength: Statistic,
});

export const CycleWithDays = z.object({ cycle: CycleAnalysisResult, days: z.array(CycleDayRecord) });

export const CycleMember = z.object({
  memberId: z.number().check(z.int()),
  name: z.string(),
  timezone: z.string(),
  today: LocalDate.check(z.describe("The member's local date now")),
});

export const Pregnancy = z
  .nullable(
    z.object({
      lmpDate: LocalDate.check(z.describe('First day of the last menstrual period')),
      dueDate: LocalDate.check(z.describe('LMP + 280 days')),
      weeks: z.number().check(z.int()),
      days: z.number().check(z.int()),
      trimester: z.number().check(z.int(), z.gte(1), z.lte(3)),
    }),
  )
  .check(z.describe('The ongoing pregnancy, or null'));

const MemberQuery = z.object({
  memberId: Id.check(z.describe('The member (members.id, as in the client list)')),
});

const AnalysisQuery = z.extend(MemberQuery, {
  cycle: z
    .optional(z.coerce.number().check(z.int(), z.gte(1)))
    .check(z.describe('Cycle number (1 = oldest); default the latest complete cycle, else the running one')),
});

/** Overlays show 1, 3 or 6 cycles (issue 12), the running one included (issue 26); up to 12 are allowed. */
export const COMPARISON_COUNTS = [1, 3, 6] as const;

const ComparisonQuery = z.extend(MemberQuery, {
  count: z
    ._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(12)), 6)
    .check(
      z.describe(
        'How many of her latest cycles, the running one included, oldest first in the answer (1, 3, 6; up to 12)',
      ),
    ),
});

const CycleIndex = z.array(
  z.object({
    number: z.number().check(z.int()),
    startDate: LocalDate,
    length: z.number().check(z.int()),
    complete: z.boolean(),
  }),
);

/** What every whole-history answer carries besides its cycles: who, her pregnancy, her statistics. */
const MemberHistory = z.object({
  member: CycleMember,
  pregnancy: Pregnancy,
  statistics: CycleStatisticsResult,
  historyFlags: z.array(z.enum(HISTORY_FLAGS)),
});

export const getCycleAnalysis = defineEndpoint({
  id: 'getCycleAnalysis',
  method: 'GET',
  path: '/core/cycle/report/doctor/get/analysis',
  summary:
    "One cycle of a member analysed, with its days, the list of her cycles and her history's statistics",
  tag: 'Cycle data',
  auth: 'token',
  query: AnalysisQuery,
  response: z.extend(MemberHistory, {
    cycle: CycleAnalysisResult,
    days: z.array(CycleDayRecord),
    cycles: CycleIndex,
  }),
});

export const getCycleComparison = defineEndpoint({
  id: 'getCycleComparison',
  method: 'GET',
  path: '/core/cycle/report/doctor/get/comparison',
  summary: "A member's latest cycles side by side (the running one included), with statistics across them",
  tag: 'Cycle data',
  auth: 'token',
  query: ComparisonQuery,
  response: z.extend(MemberHistory, {
    cycles: z.array(CycleWithDays),
  }),
});

export const getDailyChartAll = defineEndpoint({
  id: 'getDailyChartAll',
  method: 'GET',
  path: '/core/cycle/pc/get/chart/all',
  summary: "Every recorded day of a member with every cycle's analysis (the daily chart)",
  tag: 'Cycle data',
  auth: 'token',
  query: MemberQuery,
  response: z.extend(MemberHistory, {
    days: z.array(CycleDayRecord),
    cycles: z.array(CycleAnalysisResult),
  }),
});

export const getDailyChartPage = defineEndpoint({
  id: 'getDailyChartPage',
  method: 'GET',
  path: '/core/cycle/pc/get/chart/page',
  summary: 'The daily chart paged by cycle, newest first (page 1 holds the latest cycle)',
  tag: 'Cycle data',
  auth: 'token',
  query: z.extend(MemberQuery, {
    page: z
      ._default(z.coerce.number().check(z.int(), z.gte(1)), 1)
      .check(z.describe('Page number, from 1 (the latest cycles)')),
    pageSize: z
      ._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(6)), 1)
      .check(z.describe('Cycles per page, 1 to 6')),
  }),
  response: z.object({
    member: CycleMember,
    pregnancy: Pregnancy,
    total: z.number().check(z.int(), z.describe('Cycles on record')),
    page: z.number().check(z.int()),
    pageSize: z.number().check(z.int()),
    list: z.array(CycleWithDays),
  }),
});

export const FileLink = z.object({
  url: z
    .string()
    .check(z.describe('Path of the file under the server; no authToken needed until it expires')),
  expiresAt: Instant,
  fileName: z.string(),
  size: z.number().check(z.int()),
});

export const getCycleAnalysisLink = defineEndpoint({
  id: 'getCycleAnalysisLink',
  method: 'GET',
  path: '/core/cycle/report/doctor/get/analysis/link',
  summary: 'A PDF of one cycle analysed, with its chart; answers a link that expires',
  tag: 'Cycle data',
  auth: 'token',
  query: AnalysisQuery,
  response: FileLink,
});

export const getCycleComparisonLink = defineEndpoint({
  id: 'getCycleComparisonLink',
  method: 'GET',
  path: '/core/cycle/report/doctor/get/comparison/link',
  summary: 'A PDF of the cycle comparison, with the overlay and phase charts; answers a link that expires',
  tag: 'Cycle data',
  auth: 'token',
  query: ComparisonQuery,
  response: FileLink,
});

export const getExpertReportLink = defineEndpoint({
  id: 'getExpertReportLink',
  method: 'GET',
  path: '/core/cycle/expertReportContent/get/expert/link',
  summary: "A PDF of an expert report with the member's cycle charts; answers a link that expires",
  tag: 'Cycle data',
  auth: 'token',
  query: z.object({ reportId: Id.check(z.describe('An expert report held by the signed-in provider')) }),
  response: FileLink,
});

/** Where a link's file is served: `GET /api/core/cycle/file/{token}` (no authToken). */
export const FILE_LINK_PATH = '/core/cycle/file';
