/**
 * A stack of its own on PostgreSQL for the bench (docs/performance.md "Server"): a throwaway
 * cluster of Debian's postgresql (scripts/lib/throwaway-postgres.mjs), a fresh database on it
 * (tests/support/stack.ts), the server without Prosody. The reason instead when PostgreSQL is
 * not installed.
 */
import { postgresMissing, startThrowawayPostgres } from '../../lib/throwaway-postgres.mjs';
import { startStack, type TestStack } from '../../../tests/support/stack';

export interface PostgresStack {
  stack: TestStack;
  stop(): Promise<void>;
}

export async function startPostgresStack(): Promise<PostgresStack | { skipped: string }> {
  const missing = postgresMissing();
  if (missing) return { skipped: missing };
  const postgres = await startThrowawayPostgres();
  const previous = process.env.TEST_DATABASE_URL;
  try {
    process.env.TEST_DATABASE_URL = postgres.url;
    const stack = await startStack({ env: { PROSODY_BIN: '' } });
    return {
      stack,
      async stop() {
        try {
          await stack.stop({ remove: true });
        } finally {
          postgres.stop();
        }
      },
    };
  } catch (error) {
    postgres.stop();
    throw error;
  } finally {
    if (previous === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = previous;
  }
}
