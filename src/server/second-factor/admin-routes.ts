/**
 * The operator's way back in for a provider who lost every factor and every recovery code
 * (docs/security.md "Second factor"): `npm run admin -- second-factor reset <email>` removes her
 * passkeys, app and recovery codes and ends her open second steps. Her next sign-in is by password
 * alone, or leads her to enrol again where a factor is required. Admin API only (loopback, admin
 * secret): no request a provider can send does this.
 */
import { z } from 'zod';
import { adminInput, findProviderByEmail, type AdminRoutes } from '../admin/routes';
import { inTransaction } from '../db/transaction';
import { ok } from '../http/envelope';
import { lockProvider } from './factors';

const Reset = z.object({ provider: z.string().min(1) });

export const secondFactorAdminRoutes: AdminRoutes = (admin, ctx) => {
  admin.post('/second-factor/reset', async (request, reply) => {
    const provider = await findProviderByEmail(ctx, adminInput(Reset, request.body).provider);
    const removed = await inTransaction(ctx.db, async (trx) => {
      await lockProvider(trx, provider.id);
      const passkeys = await trx
        .deleteFrom('second_factor_passkeys')
        .where('provider_id', '=', provider.id)
        .returning('id')
        .execute();
      const app = await trx
        .deleteFrom('second_factor_totp')
        .where('provider_id', '=', provider.id)
        .where('confirmed_at', 'is not', null)
        .returning('provider_id')
        .execute();
      await trx.deleteFrom('second_factor_totp').where('provider_id', '=', provider.id).execute();
      await trx.deleteFrom('second_factor_recovery_codes').where('provider_id', '=', provider.id).execute();
      const steps = await trx
        .updateTable('second_steps')
        .set({ ended_at: new Date(), end_reason: 'ABANDONED' })
        .where('provider_id', '=', provider.id)
        .where('ended_at', 'is', null)
        .returning('id')
        .execute();
      return { passkeys: passkeys.length, app: app.length > 0, openSteps: steps.length };
    });
    ctx.log.warn({ providerId: provider.id, ...removed }, 'second factor reset by an operator');
    return ok(reply, { provider: provider.email, ...removed });
  });
};
