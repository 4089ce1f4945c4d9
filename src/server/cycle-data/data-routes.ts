/**
 * The cycle-data calls (spec §7 "Content and cycle data", src/shared/api/cycle-data.ts): analysis,
 * comparison and the daily chart. Each checks access (guard.ts) and records the read in the
 * health-data access log before answering.
 */
import type { FastifyInstance } from 'fastify';
import {
  getCycleAnalysis,
  getCycleComparison,
  getDailyChartAll,
  getDailyChartPage,
} from '../../shared/api/cycle-data';
import { cycleStatistics, historyFlags } from '../../shared/cycle';
import { recordHealthDataAccess } from '../access-log/record-access';
import type { ServerContext } from '../context';
import { registerEndpoint } from '../http/route';
import { authorizeMemberData } from './guard';
import { loadMemberCycles } from '../member-health/member-cycles';
import { cyclePage, latestOf, pickCycle } from './select-cycles';

export function registerCycleDataRoutes(app: FastifyInstance, ctx: ServerContext) {
  registerEndpoint(app, ctx, getCycleAnalysis, async ({ query, session, request }) => {
    const member = await authorizeMemberData(ctx.db, session.providerId, query.memberId);
    const data = await loadMemberCycles(ctx.db, member);
    const picked = pickCycle(data, query.cycle);
    await recordHealthDataAccess(ctx.db, {
      providerId: session.providerId,
      memberId: member.memberId,
      kind: 'cycle-analysis',
      resourceId: `cycle:${picked.cycle.number}`,
      address: request.ip,
    });
    return {
      member,
      pregnancy: data.pregnancy,
      cycle: picked.cycle,
      days: picked.days,
      cycles: data.history.cycles.map((c) => ({
        number: c.number,
        startDate: c.startDate,
        length: c.length,
        complete: c.complete,
      })),
      statistics: data.history.statistics,
      historyFlags: data.history.flags,
    };
  });

  registerEndpoint(app, ctx, getCycleComparison, async ({ query, session, request }) => {
    const member = await authorizeMemberData(ctx.db, session.providerId, query.memberId);
    const data = await loadMemberCycles(ctx.db, member);
    const cycles = latestOf(data, query.count);
    await recordHealthDataAccess(ctx.db, {
      providerId: session.providerId,
      memberId: member.memberId,
      kind: 'cycle-comparison',
      resourceId: `cycles:${cycles[0]!.cycle.number}-${cycles.at(-1)!.cycle.number}`,
      address: request.ip,
    });
    const analyses = cycles.map((c) => c.cycle);
    return {
      member,
      pregnancy: data.pregnancy,
      cycles,
      statistics: cycleStatistics(analyses),
      historyFlags: historyFlags(analyses),
    };
  });

  registerEndpoint(app, ctx, getDailyChartAll, async ({ query, session, request }) => {
    const member = await authorizeMemberData(ctx.db, session.providerId, query.memberId);
    const data = await loadMemberCycles(ctx.db, member);
    await recordHealthDataAccess(ctx.db, {
      providerId: session.providerId,
      memberId: member.memberId,
      kind: 'daily-chart',
      resourceId: 'all',
      address: request.ip,
    });
    return {
      member,
      pregnancy: data.pregnancy,
      days: data.days,
      cycles: data.history.cycles,
      statistics: data.history.statistics,
      historyFlags: data.history.flags,
    };
  });

  registerEndpoint(app, ctx, getDailyChartPage, async ({ query, session, request }) => {
    const member = await authorizeMemberData(ctx.db, session.providerId, query.memberId);
    const data = await loadMemberCycles(ctx.db, member);
    const list = cyclePage(data, query.page, query.pageSize);
    await recordHealthDataAccess(ctx.db, {
      providerId: session.providerId,
      memberId: member.memberId,
      kind: 'daily-chart',
      resourceId: `page:${query.page}x${query.pageSize}`,
      address: request.ip,
    });
    return {
      member,
      pregnancy: data.pregnancy,
      total: data.history.cycles.length,
      page: query.page,
      pageSize: query.pageSize,
      list,
    };
  });
}
