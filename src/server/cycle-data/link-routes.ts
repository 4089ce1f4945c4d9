/**
 * The link calls (spec §7 "Content and cycle data"): each generates a PDF of the cycle analysis,
 * the comparison or an expert report with its charts, stores it behind a link that expires
 * (file-links.ts) and answers the link; `GET /api/core/cycle/file/{token}` serves it. Creating a
 * link and downloading its file are both recorded in the health-data access log.
 */
import type { FastifyInstance } from 'fastify';
import {
  FILE_LINK_PATH,
  getCycleAnalysisLink,
  getCycleComparisonLink,
  getExpertReportLink,
} from '../../shared/api/cycle-data';
import { cycleStatistics, historyFlags } from '../../shared/cycle';
import { recordHealthDataAccess } from '../access-log/record-access';
import type { BlobStore } from '../blobs/blob-store';
import type { ServerContext } from '../context';
import type { Database } from '../db/database';
import type { FileLinkKind } from '../db/schema';
import { ApiError } from '../http/api-error';
import { requestLanguage } from '../http/request-language';
import { registerEndpoint } from '../http/route';
import { requireReportAccess } from '../reports/report-access';
import { loadReport, toDetail } from '../reports/report-views';
import { createFileLink, openFileLink, type CreatedLink } from './file-links';
import { generateFile } from './generate-file';
import { authorizeMemberData } from './guard';
import { loadMemberCycles, type MemberCycles, type MemberSummary } from '../member-health/member-cycles';
import type { ComparisonContent, PdfHeader } from './pdf/cycle-pdf';
import { type PdfLocale, pdfLocale } from './pdf/describe';
import { reportSections } from './pdf/report-sections';
import { fill } from './pdf/text/pdf-text';
import { type CycleWithDays, latestOf, pickCycle } from './select-cycles';

/**
 * The PDF stack (pdfkit, svg-to-pdfkit, ECharts) loads with the first PDF asked for, not with the
 * server: it is a fifth of the server's start-up (docs/performance.md "Warm start").
 */
const pdfStack = () => import('./pdf/cycle-pdf');

/** The cycles an expert report's PDF shows: the latest six, as the portal's overlay of 6. */
const REPORT_CYCLES = 6;

/**
 * What a comparison shows: the cycles with the statistics across them (the portal's overlay of as
 * many cycles) and her whole history's statistics (the portal's figures above the charts).
 */
function comparisonContent(data: MemberCycles, cycles: CycleWithDays[]): ComparisonContent {
  const analyses = cycles.map((c) => c.cycle);
  return {
    cycles,
    statistics: cycleStatistics(analyses),
    flags: historyFlags(analyses),
    history: {
      cycles: data.history.cycles.length,
      statistics: data.history.statistics,
      flags: data.history.flags,
    },
  };
}

/**
 * Who a PDF is for and how it is written: the provider's name, the language the portal asked in
 * (Accept-Language, else her saved language) and her time zone (issue 26).
 */
async function reader(db: Database, providerId: number, acceptLanguage: string | undefined) {
  const p = await db
    .selectFrom('providers')
    .select(['first_name', 'last_name', 'title', 'language', 'timezone'])
    .where('id', '=', providerId)
    .executeTakeFirstOrThrow();
  return {
    name: `${p.first_name} ${p.last_name}`.trim(),
    title: p.title,
    locale: pdfLocale(requestLanguage(acceptLanguage, p.language), p.timezone),
  };
}

function fileName(kind: string, member: MemberSummary): string {
  return `${kind}-${member.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${member.today}.pdf`;
}

export function registerCycleLinkRoutes(app: FastifyInstance, ctx: ServerContext, blobs: BlobStore) {
  async function answer(
    input: { providerId: number; member: MemberSummary; kind: FileLinkKind; name: string; bytes: Buffer },
    address: string,
  ) {
    const link: CreatedLink = await createFileLink(ctx.db, blobs, {
      providerId: input.providerId,
      memberId: input.member.memberId,
      kind: input.kind,
      fileName: input.name,
      bytes: input.bytes,
    });
    await recordHealthDataAccess(ctx.db, {
      providerId: input.providerId,
      memberId: input.member.memberId,
      kind: 'file-link',
      resourceId: `link:${link.id}:${input.kind}`,
      address,
    });
    return {
      url: link.url,
      expiresAt: link.expiresAt.toISOString(),
      fileName: link.fileName,
      size: link.size,
    };
  }

  async function header(
    title: (locale: PdfLocale) => string,
    author: PdfHeader['author'],
    providerId: number,
    acceptLanguage: string | undefined,
    data: MemberCycles,
  ): Promise<PdfHeader> {
    const { member } = data;
    const { name, title: providerTitle, locale } = await reader(ctx.db, providerId, acceptLanguage);
    return {
      title: fill(locale.words.titleOf, { title: title(locale), name: member.name }),
      member,
      pregnancy: data.pregnancy,
      providerName: name,
      providerTitle,
      author,
      generatedAt: new Date(),
      locale,
    };
  }

  registerEndpoint(app, ctx, getCycleAnalysisLink, async ({ query, session, request }) => {
    const member = await authorizeMemberData(ctx.db, session.providerId, query.memberId);
    const data = await loadMemberCycles(ctx.db, member);
    const picked = pickCycle(data, query.cycle);
    const head = await header(
      (l) => l.words.analysisTitle,
      'FOR',
      session.providerId,
      request.headers['accept-language'],
      data,
    );
    const bytes = await generateFile(request.log, 'cycle analysis', async () =>
      (await pdfStack()).cycleAnalysisPdf(head, picked),
    );
    return answer(
      {
        providerId: session.providerId,
        member,
        kind: 'CYCLE_ANALYSIS',
        name: fileName(`cycle-${picked.cycle.number}-analysis`, member),
        bytes,
      },
      request.ip,
    );
  });

  registerEndpoint(app, ctx, getCycleComparisonLink, async ({ query, session, request }) => {
    const member = await authorizeMemberData(ctx.db, session.providerId, query.memberId);
    const data = await loadMemberCycles(ctx.db, member);
    const content = comparisonContent(data, latestOf(data, query.count));
    const head = await header(
      (l) => l.words.comparisonTitle,
      'FOR',
      session.providerId,
      request.headers['accept-language'],
      data,
    );
    const bytes = await generateFile(request.log, 'cycle comparison', async () =>
      (await pdfStack()).cycleComparisonPdf(head, content),
    );
    return answer(
      {
        providerId: session.providerId,
        member,
        kind: 'CYCLE_COMPARISON',
        name: fileName('cycle-comparison', member),
        bytes,
      },
      request.ip,
    );
  });

  registerEndpoint(app, ctx, getExpertReportLink, async ({ query, session, request }) => {
    await requireReportAccess(ctx.db, session.providerId);
    const row = await loadReport(ctx.db, query.reportId);
    // Someone else's report is answered like a missing one: report ids cannot be probed.
    if (!row || row.provider_id !== session.providerId) throw ApiError.notFound('Report');
    const report = await toDetail(
      ctx.db,
      row,
      session.providerId,
      (await reader(ctx.db, session.providerId, request.headers['accept-language'])).locale.language,
    );
    const member = await authorizeMemberData(ctx.db, session.providerId, report.memberId);
    const data = await loadMemberCycles(ctx.db, member);
    // Her latest cycles, the running one included (issue 26: it is often what she asks about).
    const content =
      data.history.cycles.length > 0 ? comparisonContent(data, latestOf(data, REPORT_CYCLES)) : null;
    const head = await header(
      () => report.title,
      'BY',
      session.providerId,
      request.headers['accept-language'],
      data,
    );
    const bytes = await generateFile(request.log, 'expert report', async () =>
      (await pdfStack()).expertReportPdf(head, reportSections(head.locale, report), content),
    );
    return answer(
      {
        providerId: session.providerId,
        member,
        kind: 'EXPERT_REPORT',
        name: fileName(`expert-report-${report.reportId}`, member),
        bytes,
      },
      request.ip,
    );
  });

  app.get<{ Params: { token: string } }>(`${FILE_LINK_PATH}/:token`, async (request, reply) => {
    const link = await openFileLink(ctx.db, request.params.token);
    if (!(await blobs.exists(link.blobUid))) throw ApiError.notFound('File');
    await recordHealthDataAccess(ctx.db, {
      providerId: link.providerId,
      memberId: link.memberId,
      kind: 'file-link',
      resourceId: `download:${link.id}`,
      address: request.ip,
    });
    reply
      .header('Content-Type', 'application/pdf')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .header('Content-Disposition', `attachment; filename="${encodeURIComponent(link.fileName)}"`);
    if (link.size !== null) reply.header('Content-Length', String(link.size));
    return reply.send(blobs.read(link.blobUid));
  });
}
