/**
 * The dashboard (`/Dashboard/Dashboard`) and the balance (`/Dashboard/balance`) of spec §2. Fields
 * are ours (spec: "not shown"). Earnings are the fees of completed consultations, in the fee's
 * currency (USD, shown as $: spec §9).
 */
import { z } from 'zod/mini';
import { ConsultationCounts } from './account';
import { AppointmentSummary } from './consultation';
import { defineEndpoint } from './endpoint';
import { LanguageField } from './fields';
import { Instant, pageOf, Paging } from './workspace-fields';

export const WeekActivity = z.object({
  weekStart: z.string().check(z.describe('Monday of the week, YYYY-MM-DD in the provider time zone')),
  completed: z.number().check(z.int()),
  cancelled: z.number().check(z.int()),
  upcoming: z.number().check(z.int()),
});

export const Dashboard = z.object({
  timezone: z.string().check(z.describe('The zone "today" is counted in (the schedule zone)')),
  today: z.array(AppointmentSummary).check(z.describe("Today's consultations, cancelled ones excluded")),
  upcoming: z.array(AppointmentSummary).check(z.describe('The next five upcoming consultations after today')),
  counts: ConsultationCounts,
  clients: z.number().check(z.int(), z.describe('Clients with at least one consultation')),
  pendingReports: z
    .number()
    .check(
      z.int(),
      z.describe('Expert reports assigned to the provider and not completed yet (assigned or claimed)'),
    ),
  weeks: z.array(WeekActivity).check(z.describe('Consultations per week: the last 8 weeks and the next 4')),
});
export type Dashboard = z.infer<typeof Dashboard>;

export const getDashboard = defineEndpoint({
  id: 'getDashboard',
  method: 'GET',
  path: '/consultation/invite/doctor/dashboard',
  summary: "Today's and upcoming consultations, counts and weekly activity for the dashboard",
  tag: 'Dashboard',
  auth: 'token',
  response: Dashboard,
});

/** A series name of the activity chart, as the portal translates it (shown escaped in the SVG). */
const ChartLabel = z.string().check(z.trim(), z.minLength(1), z.maxLength(40));

export const DashboardChart = z.object({
  svg: z
    .string()
    .check(
      z.describe(
        'The weekly activity chart as an SVG document, drawn by ECharts on the server, without inline styles',
      ),
    ),
});
export type DashboardChart = z.infer<typeof DashboardChart>;

/**
 * The dashboard's weekly activity (the `weeks` of getDashboard) drawn on the server, so the
 * dashboard does not load the chart engine (docs/performance.md "Route budgets"). Series
 * names come translated from the portal; dates are formatted in `lang`.
 */
export const getDashboardChart = defineEndpoint({
  id: 'getDashboardChart',
  method: 'GET',
  path: '/consultation/invite/doctor/dashboard/chart',
  summary: "The dashboard's weekly activity as a server-drawn SVG",
  tag: 'Dashboard',
  auth: 'token',
  query: z.object({
    lang: LanguageField,
    width: z.coerce
      .number()
      .check(z.int(), z.gte(200), z.lte(2000), z.describe('Width of the chart box in CSS pixels')),
    height: z._default(z.coerce.number().check(z.int(), z.gte(120), z.lte(800)), 256),
    completed: ChartLabel,
    upcoming: ChartLabel,
    cancelled: ChartLabel,
  }),
  response: DashboardChart,
});

export const BalancePeriod = z.enum(['WEEK', 'MONTH']);

export const BalanceSummary = z.object({
  currency: z.string(),
  totalEarnedCents: z.number().check(z.int(), z.describe('All completed consultations')),
  bookedCents: z.number().check(z.int(), z.describe('Upcoming and ongoing consultations, not earned yet')),
  completedConsultations: z.number().check(z.int()),
  periods: z
    .array(
      z.object({
        start: z.string().check(z.describe('First day of the period, YYYY-MM-DD in the provider time zone')),
        amountCents: z.number().check(z.int()),
        consultations: z.number().check(z.int()),
      }),
    )
    .check(z.describe('Earnings per period, oldest first, the current period last')),
});
export type BalanceSummary = z.infer<typeof BalanceSummary>;

export const getBalanceSummary = defineEndpoint({
  id: 'getBalanceSummary',
  method: 'GET',
  path: '/consultation/invite/doctor/balance/summary',
  summary: 'Earnings in total and per week or month',
  tag: 'Balance',
  auth: 'token',
  query: z.object({
    period: z._default(BalancePeriod, 'MONTH'),
    count: z
      ._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(24)), 6)
      .check(z.describe('How many periods, the current one included')),
  }),
  response: BalanceSummary,
});

export const EarningRow = z.object({
  appointmentId: z.number().check(z.int()),
  memberName: z.string(),
  startsAt: Instant,
  durationMinutes: z.number().check(z.int()),
  amountCents: z.number().check(z.int()),
  currency: z.string(),
});

export const getBalanceList = defineEndpoint({
  id: 'getBalanceList',
  method: 'GET',
  path: '/consultation/invite/doctor/balance/list',
  summary: 'Earnings per completed consultation, latest first',
  tag: 'Balance',
  auth: 'token',
  query: z.extend(Paging, { from: z.optional(Instant), to: z.optional(Instant) }),
  response: pageOf(EarningRow),
});
