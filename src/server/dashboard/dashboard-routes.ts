/**
 * `/Dashboard/Dashboard` and `/Dashboard/balance` (spec §2): today and what comes next, counts,
 * pending expert reports, weekly activity, and earnings per consultation and per period, in the provider's schedule zone.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  getBalanceList,
  getBalanceSummary,
  getDashboard,
  getDashboardChart,
} from '../../shared/api/dashboard';
import { FEE_CURRENCY } from '../../shared/api/profile';
import { countConsultations } from '../account/profile-routes';
import { appointmentQuery, toSummary } from '../schedule/appointment-view';
import type { ServerContext } from '../context';
import { pageOfSelected } from '../db/paging';
import { registerEndpoint } from '../http/route';
import { consultationReads, recordMemberReads } from '../access-log/record-access';
import { addDays, mondayOf } from '../../shared/time/calendar';
import { instantAt, localDateAt } from '../../shared/time/zoned';
import { countPendingReports } from '../reports/assign-report';
import { loadSchedule } from '../schedule/schedule-store';
import { renderActivityChart } from './activity-chart';
import { weeklyActivity } from './weekly-activity';

/** First day of the `count` periods that end with the current one, oldest first. */
export function periodStarts(today: string, period: 'WEEK' | 'MONTH', count: number): string[] {
  const out: string[] = [];
  if (period === 'WEEK') {
    const monday = mondayOf(today);
    for (let i = count - 1; i >= 0; i--) out.push(addDays(monday, -7 * i));
  } else {
    const [y, m] = today.split('-').map(Number) as [number, number];
    for (let i = count - 1; i >= 0; i--) {
      const d = new Date(Date.UTC(y, m - 1 - i, 1));
      out.push(d.toISOString().slice(0, 10));
    }
  }
  return out;
}

/** The start of the period (from `starts`) a local date falls in, or null before the first. */
export function bucketOf(date: string, starts: readonly string[]): string | null {
  let found: string | null = null;
  for (const s of starts) if (s <= date) found = s;
  return found;
}

export function registerDashboardRoutes(app: FastifyInstance, ctx: ServerContext) {
  registerEndpoint(app, ctx, getDashboard, async ({ session, request }) => {
    const providerId = session.providerId;
    const { rules } = await loadSchedule(ctx.db, providerId);
    const tz = rules.timezone;
    const now = Date.now();
    const today = localDateAt(now, tz);
    const dayStart = new Date(instantAt(today, 0, tz));
    const dayEnd = new Date(instantAt(today, 1440, tz));
    const [todayRows, upcomingRows, counts, clients, weeks, pendingReports] = await Promise.all([
      appointmentQuery(ctx.db, providerId)
        .where('a.status', '!=', 'CANCELLED')
        .where('a.starts_at', '>=', dayStart)
        .where('a.starts_at', '<', dayEnd)
        .orderBy('a.starts_at')
        .execute(),
      appointmentQuery(ctx.db, providerId)
        .where('a.status', '=', 'UPCOMING')
        .where('a.starts_at', '>=', dayEnd)
        .orderBy('a.starts_at')
        .limit(5)
        .execute(),
      countConsultations(ctx.db, providerId),
      ctx.db
        .selectFrom('appointments')
        .select(sql<number>`count(distinct member_id)`.as('n'))
        .where('provider_id', '=', providerId)
        .executeTakeFirstOrThrow(),
      weeklyActivity(ctx, providerId, tz, today),
      countPendingReports(ctx.db, providerId),
    ]);
    const [todayList, upcomingList] = [todayRows.map(toSummary), upcomingRows.map(toSummary)];
    // The members' booking topics are in the answer (docs/security.md "Health-data access log").
    await recordMemberReads(
      ctx.db,
      { providerId, address: request.ip },
      consultationReads([...todayList, ...upcomingList]),
    );
    return {
      timezone: tz,
      today: todayList,
      upcoming: upcomingList,
      counts,
      clients: Number(clients.n),
      pendingReports,
      weeks,
    };
  });

  registerEndpoint(app, ctx, getDashboardChart, async ({ query, session, reply }) => {
    const { rules } = await loadSchedule(ctx.db, session.providerId);
    const tz = rules.timezone;
    const weeks = await weeklyActivity(ctx, session.providerId, tz, localDateAt(Date.now(), tz));
    // Private: the figures are the provider's; a minute of reuse covers re-renders and resizes.
    reply.header('Cache-Control', 'private, max-age=60');
    return { svg: renderActivityChart(weeks, query) };
  });

  registerEndpoint(app, ctx, getBalanceSummary, async ({ query, session }) => {
    const providerId = session.providerId;
    const { rules } = await loadSchedule(ctx.db, providerId);
    const tz = rules.timezone;
    const starts = periodStarts(localDateAt(Date.now(), tz), query.period, query.count);
    const [totals, completed] = await Promise.all([
      ctx.db
        .selectFrom('appointments')
        .select([
          sql<number>`coalesce(sum(fee_cents) filter (where status = 'COMPLETED'), 0)`.as('earned'),
          sql<number>`coalesce(sum(fee_cents) filter (where status in ('UPCOMING', 'IN_PROGRESS')), 0)`.as(
            'booked',
          ),
          sql<number>`count(*) filter (where status = 'COMPLETED')`.as('completed'),
        ])
        .where('provider_id', '=', providerId)
        .executeTakeFirstOrThrow(),
      ctx.db
        .selectFrom('appointments')
        .select(['starts_at', 'fee_cents'])
        .where('provider_id', '=', providerId)
        .where('status', '=', 'COMPLETED')
        .where('starts_at', '>=', new Date(instantAt(starts[0]!, 0, tz)))
        .execute(),
    ]);
    const periods = starts.map((start) => ({ start, amountCents: 0, consultations: 0 }));
    for (const a of completed) {
      const bucket = bucketOf(localDateAt(a.starts_at, tz), starts);
      const period = periods.find((p) => p.start === bucket);
      if (!period) continue;
      period.amountCents += a.fee_cents;
      period.consultations++;
    }
    return {
      currency: FEE_CURRENCY,
      totalEarnedCents: Number(totals.earned),
      bookedCents: Number(totals.booked),
      completedConsultations: Number(totals.completed),
      periods,
    };
  });

  registerEndpoint(app, ctx, getBalanceList, async ({ query, session }) => {
    let base = appointmentQuery(ctx.db, session.providerId).where('a.status', '=', 'COMPLETED');
    if (query.from) base = base.where('a.starts_at', '>=', new Date(query.from));
    if (query.to) base = base.where('a.starts_at', '<', new Date(query.to));
    const { total, rows } = await pageOfSelected(
      base,
      (q) => q.orderBy('a.starts_at', 'desc').orderBy('a.id', 'desc'),
      query.page,
      query.pageSize,
    );
    return {
      total: Number(total),
      page: query.page,
      pageSize: query.pageSize,
      list: rows.map((r) => ({
        appointmentId: r.id,
        memberName: `${r.first_name} ${r.last_name}`,
        startsAt: r.starts_at.toISOString(),
        durationMinutes: Math.round((r.ends_at.getTime() - r.starts_at.getTime()) / 60_000),
        amountCents: r.fee_cents,
        currency: r.currency,
      })),
    };
  });
}
