/**
 * A stack of its own on PostgreSQL for the bench (docs/architecture.md §4 "Server"): a throwaway
 * cluster of Debian's postgresql (scripts/lib/throwaway-postgres.mjs), a fresh database on it
 * (tests/support/stack.ts), the server without Prosody. Null with the reason when PostgreSQL is
 * not installed.
 */
import { postgresMissing, startThrowawayPostgres } from '../../lib/throwaway-postgres.mjs';
import { startStack, type TestStack } from '../../../tests/support/stack';

export async function withPostgresStack<T>(
  run: (stack: TestStack) => Promise<T>,
): Promise<{ value: T } | { skipped: string }> {
  const missing = postgresMissing();
  if (missing) return { skipped: missing };
  const postgres = await startThrowawayPostgres();
  let stack: TestStack | null = null;
  const previous = process.env.TEST_DATABASE_URL;
  try {
    process.env.TEST_DATABASE_URL = postgres.url;
    try {
      stack = await startStack({ env: { PROSODY_BIN: '' } });
    } finally {
      if (previous === undefined) delete process.env.TEST_DATABASE_URL;
      else process.env.TEST_DATABASE_URL = previous;
    }
    return { value: await run(stack) };
  } finally {
    await stack?.stop({ remove: true });
    postgres.stop();
  }
}
