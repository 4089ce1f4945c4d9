/** A named, run-once step that fills a fresh database from `fixtures/`. */
import type { Database } from '../db/database';
import type { Secrets } from '../secrets';

export interface SeedContext {
  db: Database;
  secrets: Secrets;
  /**
   * The one moment the seed writes as "now", in milliseconds: every date the fixtures give (days
   * ago, a member's records up to her today, bookings and report grants) is counted from it, and
   * `seed_runs.applied_at` records it, so a seed that runs across a midnight is still one day and
   * the tests can read that day back (docs/architecture.md §1 "Fixtures"). Rows' own `created_at`
   * stamps stay the database's.
   */
  now: number;
}

export interface Seeder {
  /** Recorded in `seed_runs`; never rename a seeder that has shipped. */
  name: string;
  run(ctx: SeedContext): Promise<void>;
}
