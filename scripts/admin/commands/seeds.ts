/**
 * `npm run admin -- seeds`: the fixture seeders this database ran, each with the moment the seed
 * wrote as "now" (its rows are dated from it: docs/architecture.md §1 "Fixtures").
 */
import type { AdminCommand } from './command';

export interface SeedRun {
  name: string;
  appliedAt: string;
}

export const seedsCommand: AdminCommand = {
  name: 'seeds',
  usage: 'seeds',
  summary: 'Fixture seeders this database ran, and the moment each dated its rows from',
  async run(server) {
    const rows = await server.call<SeedRun[]>('GET', '/seed-runs');
    if (rows.length === 0) console.log('No seeders ran on this database.');
    for (const r of rows) console.log(`${r.appliedAt}  ${r.name}`);
    return 0;
  },
};
