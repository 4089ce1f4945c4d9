/** What a benchmark section gets: the running stack it measures. */
export interface BenchContext {
  url: string;
  adminSecret: string;
  dataDir: string;
  /** 'PGlite' or 'PostgreSQL'. */
  database: string;
}

export interface BenchSection {
  name: string;
  run(ctx: BenchContext): Promise<void>;
}
