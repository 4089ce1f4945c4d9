import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts'],
          environment: 'node',
          // The app socket codec is generated from proto/ (npm run proto:gen), never committed.
          globalSetup: ['tests/unit/proto-gen.setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/unit/proto-gen.setup.ts', 'tests/integration/global-setup.ts'],
          // A failed test leaves its protocol timeline for the console (docs/console.md "Trace files").
          setupFiles: ['tests/support/trace-on-failure.ts'],
          // One real stack is shared; files run one after another so sessions don't kick each other.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 90_000,
        },
      },
      {
        test: {
          // Several server processes on one PostgreSQL database (docs/architecture.md §5); needs TEST_DATABASE_URL.
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/unit/proto-gen.setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
