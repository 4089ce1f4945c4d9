/**
 * The expert report calls of spec §7 under `/user/member/expertReport/` (contract:
 * src/shared/api/expert-reports.ts). Every call needs report access (report-access.ts); a
 * member's data needs a report the provider holds or a consultation (member-access.ts), and every
 * read of it is recorded in the health-data access log (access-log/record-access.ts). Moves go
 * through the table in one conditional UPDATE (report-moves.ts); completing tells the member's app.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ReportListType } from '../../shared/expert-reports';
import {
  claimReport,
  completeReport,
  disclaimReport,
  getReportCategoryList,
  getReportDetail,
  getReportLifestyleList,
  getReportList,
  getReportsByUserId,
  getReportToDoList,
  getReportUserInfo,
  saveReport,
} from '../../shared/api/expert-reports';
import { recordHealthDataAccess, recordMemberReads } from '../access-log/record-access';
import { likePattern } from '../db/like-pattern';
import type { ServerContext } from '../context';
import type { Database } from '../db/database';
import { inTransaction } from '../db/transaction';
import { pageOfSelected } from '../db/paging';
import { ApiError } from '../http/api-error';
import { requestLanguage } from '../http/request-language';
import { registerEndpoint } from '../http/route';
import { memberInfo } from '../member-health/member-info';
import { memberAccessBasis, requireMemberAccess } from './member-access';
import { requireReportAccess } from './report-access';
import { checkCompletable, contentColumns } from './report-content';
import { moveReport } from './report-moves';
import {
  loadReport,
  memberNameSql,
  reportQuery,
  toCategory,
  toDetail,
  toLifestyle,
  toSummary,
  toToDo,
  type ReportRow,
} from './report-views';

/** The portal's language (Accept-Language): the catalogues are answered in it (issue 26). */
const language = (request: FastifyRequest) => requestLanguage(request.headers['accept-language']);

function listQuery(db: Database, providerId: number, type: ReportListType) {
  const base = reportQuery(db);
  switch (type) {
    case 'Open':
      // The pool and reports assigned to me: what waits for a claim, oldest first.
      return base
        .where((eb) =>
          eb.or([
            eb('r.status', '=', 'OPEN'),
            eb.and([eb('r.status', '=', 'ASSIGNED'), eb('r.provider_id', '=', providerId)]),
          ]),
        )
        .orderBy('r.created_at', 'asc')
        .orderBy('r.id', 'asc');
    case 'MyTask':
      return base
        .where('r.status', '=', 'CLAIMED')
        .where('r.provider_id', '=', providerId)
        .orderBy('r.claimed_at', 'asc')
        .orderBy('r.id', 'asc');
    case 'Completed':
      return base
        .where('r.status', '=', 'COMPLETED')
        .where('r.provider_id', '=', providerId)
        .orderBy('r.completed_at', 'desc')
        .orderBy('r.id', 'desc');
  }
}

/**
 * A report the provider may open: one in the pool, one she holds, or a completed one on a member
 * whose data she may read (an earlier report).
 */
async function readableReport(db: Database, providerId: number, reportId: number): Promise<ReportRow> {
  const row = await loadReport(db, reportId);
  if (!row) throw ApiError.notFound(`Report ${reportId}`);
  if (row.status === 'OPEN' || row.provider_id === providerId) return row;
  if (row.status === 'COMPLETED' && (await memberAccessBasis(db, providerId, row.member_id)) !== null)
    return row;
  throw new ApiError('EXPERT_REPORT_NOT_YOURS', 'This report is with another provider');
}

export function registerReportRoutes(app: FastifyInstance, ctx: ServerContext) {
  const guard = (providerId: number) => requireReportAccess(ctx.db, providerId);
  const address = (request: FastifyRequest) => request.ip;

  /**
   * A report summary holds the member's name and question (docs/security.md "Health-data access
   * log"): every answer with summaries records one `report-summary` read per report.
   */
  const summariesRead = (providerId: number, request: FastifyRequest, rows: readonly ReportRow[]) =>
    recordMemberReads(
      ctx.db,
      { providerId, address: address(request) },
      rows.map((r) => ({ memberId: r.member_id, kind: 'report-summary', resourceId: String(r.id) })),
    );

  registerEndpoint(app, ctx, getReportList, async ({ query, session, request }) => {
    await guard(session.providerId);
    let base = listQuery(ctx.db, session.providerId, query.type);
    if (query.keyword) base = base.where(memberNameSql, 'ilike', likePattern(query.keyword));
    const { total, rows } = await pageOfSelected(base, (q) => q, query.page, query.pageSize);
    await summariesRead(session.providerId, request, rows);
    return {
      total: Number(total),
      page: query.page,
      pageSize: query.pageSize,
      list: rows.map((r) => toSummary(r, session.providerId)),
    };
  });

  const summaryAfter = async (providerId: number, reportId: number, request: FastifyRequest) => {
    const row = (await loadReport(ctx.db, reportId))!;
    await summariesRead(providerId, request, [row]);
    return toSummary(row, providerId);
  };

  registerEndpoint(app, ctx, claimReport, async ({ query, session, request }) => {
    await guard(session.providerId);
    await moveReport(ctx.db, session.providerId, query.reportId, 'CLAIM');
    return summaryAfter(session.providerId, query.reportId, request);
  });

  registerEndpoint(app, ctx, disclaimReport, async ({ query, session, request }) => {
    await guard(session.providerId);
    await moveReport(ctx.db, session.providerId, query.reportId, 'DISCLAIM');
    return summaryAfter(session.providerId, query.reportId, request);
  });

  registerEndpoint(app, ctx, completeReport, async ({ query, session, request }) => {
    await guard(session.providerId);
    await moveReport(ctx.db, session.providerId, query.reportId, 'COMPLETE', { check: checkCompletable });
    const row = (await loadReport(ctx.db, query.reportId))!;
    ctx.events.emit('report.completed', {
      reportId: row.id,
      memberId: row.member_id,
      memberChatId: row.member_chat_id,
      title: row.title,
      providerName: `${row.provider_first_name} ${row.provider_last_name}`,
      blogIds: row.blog_ids,
      videoIds: row.video_ids,
    });
    await summariesRead(session.providerId, request, [row]);
    return toSummary(row, session.providerId);
  });

  registerEndpoint(app, ctx, saveReport, async ({ body, session, request }) => {
    await guard(session.providerId);
    const { reportId, ...content } = body;
    const extra = await contentColumns(ctx.db, content);
    await moveReport(ctx.db, session.providerId, reportId, 'SAVE', { extra });
    const row = (await loadReport(ctx.db, reportId))!;
    // The answer is the whole report, as its detail page reads it.
    await recordHealthDataAccess(ctx.db, {
      providerId: session.providerId,
      memberId: row.member_id,
      kind: 'report',
      resourceId: String(row.id),
      address: address(request),
    });
    return toDetail(ctx.db, row, session.providerId, language(request));
  });

  registerEndpoint(app, ctx, getReportDetail, async ({ query, session, request }) => {
    await guard(session.providerId);
    return inTransaction(ctx.db, async (trx) => {
      const row = await readableReport(trx, session.providerId, query.reportId);
      await recordHealthDataAccess(trx, {
        providerId: session.providerId,
        memberId: row.member_id,
        kind: 'report',
        resourceId: String(row.id),
        address: address(request),
      });
      return toDetail(trx, row, session.providerId, language(request));
    });
  });

  registerEndpoint(app, ctx, getReportUserInfo, async ({ query, session, request }) => {
    await guard(session.providerId);
    await requireMemberAccess(ctx.db, session.providerId, query.userId);
    return inTransaction(ctx.db, async (trx) => {
      const info = await memberInfo(trx, query.userId);
      await recordHealthDataAccess(trx, {
        providerId: session.providerId,
        memberId: query.userId,
        kind: 'member-info',
        resourceId: null,
        address: address(request),
      });
      return info;
    });
  });

  registerEndpoint(app, ctx, getReportsByUserId, async ({ query, session, request }) => {
    await guard(session.providerId);
    await requireMemberAccess(ctx.db, session.providerId, query.userId);
    return inTransaction(ctx.db, async (trx) => {
      const base = reportQuery(trx)
        .where('r.member_id', '=', query.userId)
        .where('r.status', '=', 'COMPLETED');
      const { total, rows } = await pageOfSelected(
        base,
        (q) => q.orderBy('r.completed_at', 'desc').orderBy('r.id', 'desc'),
        query.page,
        query.pageSize,
      );
      await recordHealthDataAccess(trx, {
        providerId: session.providerId,
        memberId: query.userId,
        kind: 'report',
        // The earlier reports listed (their summaries and titles are health data too).
        resourceId: `earlier:${rows.map((r) => r.id).join(',')}`.slice(0, 200),
        address: address(request),
      });
      return {
        total: Number(total),
        page: query.page,
        pageSize: query.pageSize,
        list: rows.map((r) => toSummary(r, session.providerId)),
      };
    });
  });

  registerEndpoint(app, ctx, getReportCategoryList, async ({ session, request }) => {
    await guard(session.providerId);
    const rows = await ctx.db
      .selectFrom('expert_report_categories')
      .select(['id', 'code', 'name', 'description', 'translations'])
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
    return rows.map((r) => toCategory(r, language(request)));
  });

  registerEndpoint(app, ctx, getReportToDoList, async ({ query, session, request }) => {
    await guard(session.providerId);
    let q = ctx.db.selectFrom('expert_report_todos').select(['id', 'category_id', 'text', 'translations']);
    if (query.categoryId) q = q.where('category_id', '=', query.categoryId);
    const rows = await q.orderBy('sort_order').orderBy('id').execute();
    return rows.map((r) => toToDo(r, language(request)));
  });

  registerEndpoint(app, ctx, getReportLifestyleList, async ({ query, session, request }) => {
    await guard(session.providerId);
    let q = ctx.db.selectFrom('expert_report_lifestyle').select(['id', 'area', 'text', 'translations']);
    if (query.area) q = q.where('area', '=', query.area);
    const rows = await q.orderBy('sort_order').orderBy('id').execute();
    return rows.map((r) => toLifestyle(r, language(request)));
  });
}
