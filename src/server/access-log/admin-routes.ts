/**
 * The health-data access log over the admin API (`npm run admin -- access-log <member|provider>
 * [--since …]`): `GET /internal/admin/access-log?subject=&since=&limit=` lists, newest first, the
 * accesses of a provider (by email) or to a member's data (by email or chat id). Reading only:
 * no API changes the log (migrations/0500_health_data_access_log.sql).
 */
import { z } from 'zod';
import { adminInput, type AdminRoutes } from '../admin/routes';
import type { ServerContext } from '../context';
import { ApiError } from '../http/api-error';
import { ok } from '../http/envelope';

const Query = z.object({
  subject: z.string().trim().min(1).describe('Provider email, or member email or chat id'),
  since: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});

type Subject = { kind: 'provider' | 'member'; id: number; name: string; email: string | null };

async function resolveSubject(ctx: ServerContext, ref: string): Promise<Subject> {
  if (/^\d+$/.test(ref)) {
    const m = await ctx.db
      .selectFrom('members')
      .select(['id', 'first_name', 'last_name', 'email'])
      .where('chat_id', '=', Number(ref))
      .executeTakeFirst();
    if (m) return { kind: 'member', id: m.id, name: `${m.first_name} ${m.last_name}`, email: m.email };
    throw ApiError.notFound(`Member with chat id ${ref}`);
  }
  const email = ref.toLowerCase();
  const p = await ctx.db
    .selectFrom('providers')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (p) return { kind: 'provider', id: p.id, name: `${p.first_name} ${p.last_name}`, email: p.email };
  const m = await ctx.db
    .selectFrom('members')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (m) return { kind: 'member', id: m.id, name: `${m.first_name} ${m.last_name}`, email: m.email };
  throw ApiError.notFound(`Provider or member ${ref}`);
}

export const accessLogAdminRoutes: AdminRoutes = (admin, ctx) => {
  admin.get('/access-log', async (request, reply) => {
    const input = adminInput(Query, request.query);
    const subject = await resolveSubject(ctx, input.subject);
    let q = ctx.db
      .selectFrom('health_data_access_log as l')
      .innerJoin('providers as p', 'p.id', 'l.provider_id')
      .innerJoin('members as m', 'm.id', 'l.member_id')
      .select([
        'l.accessed_at',
        'l.kind',
        'l.resource_id',
        'l.address',
        'p.email as provider_email',
        'p.first_name as provider_first_name',
        'p.last_name as provider_last_name',
        'm.first_name as member_first_name',
        'm.last_name as member_last_name',
        'm.chat_id as member_chat_id',
      ])
      .where(subject.kind === 'provider' ? 'l.provider_id' : 'l.member_id', '=', subject.id);
    if (input.since) q = q.where('l.accessed_at', '>=', new Date(input.since));
    const rows = await q
      .orderBy('l.accessed_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(input.limit)
      .execute();
    return ok(reply, {
      subject,
      entries: rows.map((r) => ({
        at: r.accessed_at.toISOString(),
        provider: r.provider_email,
        providerName: `${r.provider_first_name} ${r.provider_last_name}`,
        member: `${r.member_first_name} ${r.member_last_name}`,
        memberChatId: r.member_chat_id,
        kind: r.kind,
        resourceId: r.resource_id,
        address: r.address,
      })),
    });
  });
};
