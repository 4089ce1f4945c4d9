// Types of throwaway-postgres.mjs (plain Node, so that `npm test` runs it before anything else),
// for the TypeScript that reuses it: the load run (scripts/bench/load) and the fault suite.
export declare function postgresBinDir(): string | null;
export declare function postgresMissing(): string | null;
export interface ThrowawayPostgres {
  /** postgres://portal@127.0.0.1:{port}/postgres */
  url: string;
  /** The temporary directory: `data/` (its postmaster.pid) and `log`. */
  dir: string;
  /** Stops the cluster and removes the directory; idempotent and synchronous. */
  stop(): void;
}
export declare function startThrowawayPostgres(options?: {
  maxConnections?: number;
}): Promise<ThrowawayPostgres>;
