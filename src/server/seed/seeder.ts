/** A named, run-once step that fills a fresh database from `fixtures/`. */
import type { Database } from '../db/database';
import type { Secrets } from '../secrets';

export interface SeedContext {
  db: Database;
  secrets: Secrets;
  /**
   * The one moment the seed writes as "now", in milliseconds: every seeder dates its rows from it
   * and `seed_runs.applied_at` records it, so a seed that runs across a midnight is still one day
   * (the tests read it back: docs/testing.md "What a run shares").
   */
  now: number;
}

export interface Seeder {
  /** Recorded in `seed_runs`; never rename a seeder that has shipped. */
  name: string;
  run(ctx: SeedContext): Promise<void>;
}
