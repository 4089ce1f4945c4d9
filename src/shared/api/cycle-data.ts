/**
 * Cycle data calls (spec §7 "Content and cycle data"): a member's cycle analysis, the comparison
 * across cycles, the daily chart (all days, or paged by cycle), and the link calls that generate a
 * PDF and answer a link that expires. Every call needs report access (MEMBER_EXPERT_REPORT_NO_ACCESS)
 * and a report the provider holds on the member or a consultation with her (FORBIDDEN); each
 * answered call is recorded in the health-data access log. Dates are the member's local calendar
 * dates; temperatures °C; LH mIU/mL. The maths is src/shared/cycle (docs/entities.md "Cycle data").
 */
import { z } from 'zod';
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
  temperature: z.number().nullable().describe('Basal body temperature, °C'),
  lh: z.number().nullable().describe('LH test reading, mIU/mL'),
  flow: z.enum(FLOW_LEVELS).nullable(),
  mucus: z.enum(MUCUS_TYPES).nullable(),
  intercourse: z.boolean(),
  pregnancyTest: z.enum(TEST_RESULTS).nullable(),
});

const LhPeak = z.object({ day: z.number().int(), date: LocalDate, value: z.number() });

export const CycleAnalysisResult = z.object({
  number: z.number().int().describe('1 for the oldest cycle on record'),
  startDate: LocalDate,
  endDate: LocalDate,
  complete: z.boolean().describe('False for the cycle still running'),
  length: z.number().int(),
  periodLength: z.number().int(),
  ovulation: z.object({
    day: z.number().int().nullable(),
    date: LocalDate.nullable(),
    method: z.enum(OVULATION_METHODS),
  }),
  temperature: z
    .object({
      shiftDay: z.number().int(),
      coverLine: z.number().describe('°C'),
      shift: z.number().describe('High-phase mean minus the six low temperatures, °C'),
    })
    .nullable(),
  lhPeaks: z.array(LhPeak),
  follicularLength: z.number().int().nullable(),
  lutealLength: z.number().int().nullable(),
  fertileWindow: z
    .object({
      startDay: z.number().int(),
      endDay: z.number().int(),
      startDate: LocalDate,
      endDate: LocalDate,
    })
    .nullable(),
  flags: z.array(z.enum(CYCLE_FLAGS)),
});

export const Statistic = z.object({
  n: z.number().int(),
  mean: z.number().nullable(),
  sd: z.number().nullable().describe('Sample standard deviation'),
  min: z.number().nullable(),
  max: z.number().nullable(),
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
  memberId: z.number().int(),
  name: z.string(),
  timezone: z.string(),
  today: LocalDate.describe("The member's local date now"),
});

export const Pregnancy = z
  .object({
    lmpDate: LocalDate.describe('First day of the last menstrual period'),
    dueDate: LocalDate.describe('LMP + 280 days'),
    weeks: z.number().int(),
    days: z.number().int(),
    trimester: z.number().int().min(1).max(3),
  })
  .nullable()
  .describe('The ongoing pregnancy, or null');

const MemberQuery = z.object({ memberId: Id.describe('The member (members.id, as in the client list)') });

const AnalysisQuery = MemberQuery.extend({
  cycle: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .describe('Cycle number (1 = oldest); default the latest complete cycle, else the running one'),
});

/** Overlays show 1, 3 or 6 cycles (issue 12); up to 12 are allowed. */
export const COMPARISON_COUNTS = [1, 3, 6] as const;

const ComparisonQuery = MemberQuery.extend({
  count: z.coerce
    .number()
    .int()
    .min(1)
    .max(12)
    .default(6)
    .describe('How many of the latest complete cycles, oldest first in the answer (1, 3, 6; up to 12)'),
});

const CycleIndex = z.array(
  z.object({
    number: z.number().int(),
    startDate: LocalDate,
    length: z.number().int(),
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
  response: MemberHistory.extend({
    cycle: CycleAnalysisResult,
    days: z.array(CycleDayRecord),
    cycles: CycleIndex,
  }),
});

export const getCycleComparison = defineEndpoint({
  id: 'getCycleComparison',
  method: 'GET',
  path: '/core/cycle/report/doctor/get/comparison',
  summary: "A member's latest complete cycles side by side, with phase statistics across them",
  tag: 'Cycle data',
  auth: 'token',
  query: ComparisonQuery,
  response: MemberHistory.extend({
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
  response: MemberHistory.extend({
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
  query: MemberQuery.extend({
    page: z.coerce.number().int().min(1).default(1).describe('Page number, from 1 (the latest cycles)'),
    pageSize: z.coerce.number().int().min(1).max(6).default(1).describe('Cycles per page, 1 to 6'),
  }),
  response: z.object({
    member: CycleMember,
    pregnancy: Pregnancy,
    total: z.number().int().describe('Cycles on record'),
    page: z.number().int(),
    pageSize: z.number().int(),
    list: z.array(CycleWithDays),
  }),
});

export const FileLink = z.object({
  url: z.string().describe('Path of the file under the server; no authToken needed until it expires'),
  expiresAt: Instant,
  fileName: z.string(),
  size: z.number().int(),
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
  query: z.object({ reportId: Id.describe('An expert report held by the signed-in provider') }),
  response: FileLink,
});

/** Where a link's file is served: `GET /api/core/cycle/file/{token}` (no authToken). */
export const FILE_LINK_PATH = '/core/cycle/file';
