/**
 * Runs every fixture seeder that has not run on this database yet, in order, each in its own
 * transaction (docs/architecture.md §1 "Fixtures"). Later issues append their seeders here.
 */
import { inTransaction } from '../db/transaction';
import type { SeedContext, Seeder } from './seeder';
import { seedPersonas } from './personas';
import { seedProtocols } from './protocols';
import { WORKSPACE_SEEDERS } from './workspace';
import { seedNotifications } from './notifications';
import { seedChat } from './chat';
import { seedExpertReports, seedHealthProfileFacts, seedReportAccess, seedReportCatalogues } from './reports';
import { seedCycleData } from './cycle-data';
import { seedQuestionnaires } from './questionnaires';
import { seedCatalogueTranslations, seedDoctorCategoryTranslations } from './translations';

export const SEEDERS: readonly Seeder[] = [
  seedPersonas,
  seedProtocols,
  seedNotifications,
  ...WORKSPACE_SEEDERS,
  seedReportCatalogues,
  seedExpertReports,
  seedReportAccess,
  seedCycleData,
  seedHealthProfileFacts,
  seedQuestionnaires,
  seedChat,
  seedCatalogueTranslations,
  seedDoctorCategoryTranslations,
];

export async function runSeeders(ctx: SeedContext, seeders: readonly Seeder[] = SEEDERS): Promise<string[]> {
  const done = new Set((await ctx.db.selectFrom('seed_runs').select('name').execute()).map((r) => r.name));
  const ran: string[] = [];
  for (const seeder of seeders) {
    if (done.has(seeder.name)) continue;
    await inTransaction(ctx.db, async (trx) => {
      await seeder.run({ ...ctx, db: trx });
      await trx
        .insertInto('seed_runs')
        .values({ name: seeder.name, applied_at: new Date(ctx.now) })
        .execute();
    });
    ran.push(seeder.name);
  }
  return ran;
}
