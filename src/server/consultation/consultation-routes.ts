/**
 * Clients and appointments of spec §2 (`/clients`, `/orders`, `/orders/detail`) and the
 * consultation lifecycle, including spec §7's `consultation/end?quickBloxId=`. Every query is
 * scoped to the signed-in provider: another provider's appointment is NOT_FOUND.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  cancelConsultation,
  endConsultation,
  getClientList,
  getOrderDetail,
  getOrderList,
  startConsultation,
} from '../../shared/api/consultation';
import type { ServerContext } from '../context';
import type { Database } from '../db/database';
import { pageOfSelected } from '../db/paging';
import { ApiError } from '../http/api-error';
import { registerEndpoint } from '../http/route';
import { likePattern } from '../db/like-pattern';
import { consultationReads, recordMemberReads } from '../access-log/record-access';
import { START_EARLY_MINUTES } from './appointment-machine';
import { appointmentQuery, toDetail, toSummary } from '../schedule/appointment-view';
import { transitionOrThrow } from './booking';

const memberName = sql<string>`(m.first_name || ' ' || m.last_name)`;

export async function loadDetail(db: Database, providerId: number, id: number) {
  const row = await appointmentQuery(db, providerId).where('a.id', '=', id).executeTakeFirst();
  if (!row) throw ApiError.notFound('Appointment');
  const { n } = await db
    .selectFrom('appointments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('provider_id', '=', providerId)
    .where('member_id', '=', row.member_id)
    .where('status', '!=', 'CANCELLED')
    .executeTakeFirstOrThrow();
  return toDetail(row, Number(n));
}

export function registerConsultationRoutes(app: FastifyInstance, ctx: ServerContext) {
  /** Logs what of the members' words the answer holds (docs/security.md "Health-data access log"). */
  const logged = async <T extends Parameters<typeof consultationReads>[0][number]>(
    reader: { providerId: number; address: string },
    appointments: readonly T[],
  ): Promise<void> => recordMemberReads(ctx.db, reader, consultationReads(appointments));
  const detailRead = async (
    session: { providerId: number },
    address: string,
    detail: Awaited<ReturnType<typeof loadDetail>>,
  ) => {
    await logged({ providerId: session.providerId, address }, [detail]);
    return detail;
  };

  registerEndpoint(app, ctx, getClientList, async ({ query, session }) => {
    let base = ctx.db
      .selectFrom('appointments as a')
      .innerJoin('members as m', 'm.id', 'a.member_id')
      .where('a.provider_id', '=', session.providerId);
    if (query.keyword) base = base.where(memberName, 'ilike', likePattern(query.keyword));
    const { total } = await base
      .select(sql<number>`count(distinct m.id)`.as('total'))
      .executeTakeFirstOrThrow();
    const rows = await base
      .select([
        'm.id',
        'm.chat_id',
        'm.first_name',
        'm.last_name',
        'm.avatar_url',
        'm.country',
        'm.timezone',
        sql<number>`count(*) filter (where a.status <> 'CANCELLED')`.as('consultations'),
        sql<Date | null>`max(a.starts_at) filter (where a.status <> 'CANCELLED' and a.starts_at <= now())`.as(
          'last_at',
        ),
        sql<Date | null>`min(a.starts_at) filter (where a.status = 'UPCOMING' and a.starts_at > now())`.as(
          'next_at',
        ),
      ])
      .groupBy('m.id')
      .orderBy('m.first_name')
      .orderBy('m.last_name')
      .orderBy('m.id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute();
    const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
    return {
      total: Number(total),
      page: query.page,
      pageSize: query.pageSize,
      list: rows.map((r) => ({
        memberId: r.id,
        chatId: r.chat_id,
        name: `${r.first_name} ${r.last_name}`,
        avatar: r.avatar_url,
        country: r.country,
        timezone: r.timezone,
        consultations: Number(r.consultations),
        lastConsultationAt: iso(r.last_at),
        nextConsultationAt: iso(r.next_at),
      })),
    };
  });

  registerEndpoint(app, ctx, getOrderList, async ({ query, session, request }) => {
    let base = appointmentQuery(ctx.db, session.providerId);
    if (query.status !== 'ALL') base = base.where('a.status', '=', query.status);
    if (query.keyword) base = base.where(memberName, 'ilike', likePattern(query.keyword));
    if (query.from) base = base.where('a.starts_at', '>=', new Date(query.from));
    if (query.to) base = base.where('a.starts_at', '<', new Date(query.to));
    const soonestFirst = query.status === 'UPCOMING' || query.status === 'IN_PROGRESS';
    const { total, rows } = await pageOfSelected(
      base,
      (q) => q.orderBy('a.starts_at', soonestFirst ? 'asc' : 'desc').orderBy('a.id'),
      query.page,
      query.pageSize,
    );
    const list = rows.map(toSummary);
    await logged({ providerId: session.providerId, address: request.ip }, list);
    return { total: Number(total), page: query.page, pageSize: query.pageSize, list };
  });

  registerEndpoint(app, ctx, getOrderDetail, async ({ query, session, request }) =>
    detailRead(session, request.ip, await loadDetail(ctx.db, session.providerId, query.id)),
  );

  registerEndpoint(app, ctx, startConsultation, async ({ query, session, request }) => {
    const detail = await loadDetail(ctx.db, session.providerId, query.id);
    const status = transitionOrThrow(detail.status, 'START');
    const now = Date.now();
    if (
      now < Date.parse(detail.startsAt) - START_EARLY_MINUTES * 60_000 ||
      now >= Date.parse(detail.endsAt)
    ) {
      throw new ApiError(
        'INVALID_STATE',
        `A consultation can be started from ${START_EARLY_MINUTES} minutes before its start until its end`,
      );
    }
    await ctx.db
      .updateTable('appointments')
      .set({ status, started_at: new Date(now) })
      .where('id', '=', detail.id)
      .where('status', '=', 'UPCOMING')
      .execute();
    return detailRead(session, request.ip, await loadDetail(ctx.db, session.providerId, detail.id));
  });

  registerEndpoint(app, ctx, endConsultation, async ({ query, session, request }) => {
    const member = await ctx.db
      .selectFrom('members')
      .select('id')
      .where('chat_id', '=', query.quickBloxId)
      .executeTakeFirst();
    const candidates = member
      ? await ctx.db
          .selectFrom('appointments')
          .select(['id', 'status', 'starts_at'])
          .where('provider_id', '=', session.providerId)
          .where('member_id', '=', member.id)
          .execute()
      : [];
    if (candidates.length === 0) throw ApiError.notFound('Client');
    const now = Date.now();
    const current =
      candidates.find((c) => c.status === 'IN_PROGRESS') ??
      candidates
        .filter((c) => c.status === 'UPCOMING' && c.starts_at.getTime() <= now)
        .sort((a, b) => b.starts_at.getTime() - a.starts_at.getTime())[0];
    if (!current) throw new ApiError('INVALID_STATE', 'No consultation with this client is in progress');
    const status = transitionOrThrow(current.status, 'END');
    await ctx.db
      .updateTable('appointments')
      .set({ status, ended_at: new Date(now), started_at: sql`coalesce(started_at, starts_at)` })
      .where('id', '=', current.id)
      .execute();
    return detailRead(session, request.ip, await loadDetail(ctx.db, session.providerId, current.id));
  });

  registerEndpoint(app, ctx, cancelConsultation, async ({ body, session, request }) => {
    const detail = await loadDetail(ctx.db, session.providerId, body.id);
    const status = transitionOrThrow(detail.status, 'CANCEL');
    await ctx.db
      .updateTable('appointments')
      .set({ status, cancelled_at: new Date(), cancelled_by: 'PROVIDER', cancel_reason: body.reason })
      .where('id', '=', detail.id)
      .where('status', '=', 'UPCOMING')
      .execute();
    return detailRead(session, request.ip, await loadDetail(ctx.db, session.providerId, detail.id));
  });
}
