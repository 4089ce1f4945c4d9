// Types of test-run.mjs (plain Node, for scripts/test.mjs), for its unit test.
export interface ReportedTest {
  file: string;
  title: string;
  ms: number;
}
export declare function childrenCpuMs(text: string): number | null;
export declare const NOT_ON_POSTGRES: readonly string[];
export declare function jobSlots(env?: NodeJS.ProcessEnv, cores?: number, memory?: number): number;
export declare function vitestTests(report: unknown, root: string): ReportedTest[];
export declare function playwrightTests(report: unknown): ReportedTest[];
export declare function readTests(kind: 'vitest' | 'playwright', file: string, root: string): ReportedTest[];
export declare function slowest(tests: ReportedTest[], count?: number): ReportedTest[];
export interface FailedPage {
  title: string;
  status: 'failed' | 'flaky';
  errors: string[];
  page: string[];
}
export declare function playwrightFailures(
  report: unknown,
  read?: (file: string) => string,
  lines?: number,
): FailedPage[];
