// Types of e2e-shards.mjs (plain Node, for scripts/test.mjs), for its unit test.
export interface Shard {
  files: string[];
  seconds: number;
}
export declare function e2eFiles(root: string, dir?: string): string[];
export declare function balanceShards(
  files: string[],
  seconds: Record<string, number>,
  count: number,
): Shard[];
export declare function readDurations(file: string): Record<string, number>;
export declare function exactFile(file: string): string;
