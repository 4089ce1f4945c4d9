/** A named, run-once step that fills a fresh database from `fixtures/`. */
import type { Database } from '../db/database';
import type { Secrets } from '../secrets';

export interface SeedContext {
  db: Database;
  secrets: Secrets;
}

export interface Seeder {
  /** Recorded in `seed_runs`; never rename a seeder that has shipped. */
  name: string;
  run(ctx: SeedContext): Promise<void>;
}
