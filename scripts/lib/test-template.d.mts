// Types of test-template.mjs (plain Node, so that scripts/test.mjs makes the templates before any
// test runs), for the test support that starts stacks from them.
export declare const TEMPLATE_ENV: string;
export interface TestTemplate {
  /** The seeded data directory to copy into a stack's DATA_DIR. */
  dir: string;
  /** The seeded template database on `postgresUrl`'s server, or null on PGlite. */
  database: string | null;
  postgresUrl: string | null;
}
export declare function adminQuery(baseUrl: string, statement: string): Promise<void>;
export declare function databaseUrl(baseUrl: string, name: string): string;
export declare function makeTestTemplate(options: {
  root: string;
  serverEntry: string;
  postgresUrl?: string | null;
}): Promise<TestTemplate & { remove(): Promise<void> }>;
export declare function templateFromEnv(
  postgresUrl: string | null,
  env?: NodeJS.ProcessEnv,
): TestTemplate | null;
export declare function templateEnv(
  templates: TestTemplate[],
  env?: NodeJS.ProcessEnv,
): Record<string, string>;
