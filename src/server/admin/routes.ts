/**
 * The admin API on loopback, for `npm run admin` and test tools (docs/architecture.md §3 "One process owns
 * the embedded database"): every tool goes through the running server, guarded by the admin
 * secret in `DATA_DIR/secrets.json`. Later issues add their commands in `admin/commands/`.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServerContext } from '../context';
import { endSessions } from '../auth/sessions';
import { ApiError } from '../http/api-error';
import { ok, zodFields } from '../http/envelope';
import { secretMatches } from '../auth/tokens';

export const ADMIN_PREFIX = '/internal/admin';

export type AdminRoutes = (admin: FastifyInstance, ctx: ServerContext) => void;

/** Parses an admin body or throws the validation envelope. */
export function adminInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const input = value ?? {};
  const result = schema.safeParse(input);
  if (!result.success) throw ApiError.validation(zodFields(result.error, input));
  return result.data;
}

export async function findProviderByEmail(ctx: ServerContext, email: string) {
  const provider = await ctx.db
    .selectFrom('providers')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  if (!provider) throw ApiError.notFound(`Provider ${email}`);
  return provider;
}

/** A member by email or chat id (the admin commands resolve persona keys to emails first). */
export async function findMember(ctx: ServerContext, ref: string) {
  const member = await ctx.db
    .selectFrom('members')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where((eb) =>
      /^\d+$/.test(ref) ? eb('chat_id', '=', Number(ref)) : eb('email', '=', ref.trim().toLowerCase()),
    )
    .executeTakeFirst();
  if (!member) throw ApiError.notFound(`Member ${ref}`);
  return member;
}

const baseRoutes: AdminRoutes = (admin, ctx) => {
  admin.get('/providers', async (_request, reply) => {
    const rows = await ctx.db
      .selectFrom('providers')
      .select([
        'id',
        'email',
        'first_name',
        'last_name',
        'audit_status',
        'audit_create_time',
        'audited_time',
        'audit_reasons',
        'chat_id',
      ])
      .where('cancelled_at', 'is', null)
      .orderBy('id')
      .execute();
    return ok(
      reply,
      rows.map((r) => ({
        id: r.id,
        email: r.email,
        name: `${r.first_name} ${r.last_name}`,
        auditStatus: r.audit_status,
        submittedAt: r.audit_create_time?.toISOString() ?? null,
        decidedAt: r.audited_time?.toISOString() ?? null,
        reasons:
          r.audit_status === 'AUDIT_NOT_PASSED' ? (r.audit_reasons ?? '').split('\n').filter(Boolean) : [],
        chatId: r.chat_id,
      })),
    );
  });

  // Which fixture seeders ran and the moment each wrote as "now" (src/server/seed/seeder.ts).
  admin.get('/seed-runs', async (_request, reply) => {
    const rows = await ctx.db
      .selectFrom('seed_runs')
      .select(['name', 'applied_at'])
      .orderBy('applied_at')
      .orderBy('name')
      .execute();
    return ok(
      reply,
      rows.map((r) => ({ name: r.name, appliedAt: r.applied_at.toISOString() })),
    );
  });

  admin.post('/sessions/end', async (request, reply) => {
    const { email } = adminInput(z.object({ email: z.string() }), request.body);
    const provider = await findProviderByEmail(ctx, email);
    return ok(reply, { ended: await endSessions(ctx, provider.id, 'LOGOUT') });
  });
};

export function registerAdminRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  extra: readonly AdminRoutes[] = [],
) {
  app.register(
    async (admin) => {
      admin.addHook('onRequest', async (request) => {
        if (!secretMatches(request.headers['x-admin-secret'], ctx.secrets.admin)) {
          throw new ApiError('FORBIDDEN', 'Admin secret missing or wrong');
        }
      });
      baseRoutes(admin, ctx);
      for (const routes of extra) routes(admin, ctx);
    },
    { prefix: ADMIN_PREFIX },
  );
}
