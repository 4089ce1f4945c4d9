import { readdirSync, readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

const UNIT_FILES = ['tests/unit/**/*.test.ts', 'src/**/*.test.ts'];

// Unit files that cannot share a module graph with others: libraries whose global state a file
// sets (i18next's one instance, zrender's canvas platform). No test mocks a module of our own
// (tests/unit/no-module-mocks.test.ts holds that), so none is here for a `vi.mock`.
const UNIT_ISOLATED = [
  // Sets up i18next's one instance with the calls namespace only.
  'tests/unit/app/calls/call-records.test.ts',
  // Sets up i18next's one instance with the five languages' common namespace.
  'tests/unit/app/components/server-field-errors.test.ts',
  'tests/unit/server/cycle-charts.test.ts',
  'tests/unit/server/dashboard-chart.test.ts',
  // Lays the charts out with echarts on the server, as the PDFs draw them.
  'tests/unit/server/chart-legend-room.test.ts',
  // Renders the comparison PDF's charts with echarts on the server (zrender's canvas platform).
  'tests/unit/server/pdf-text.test.ts',
  // Draws the dashboard chart with echarts on the server and watches Object.prototype.
  'tests/unit/server/chart-text-keys.test.ts',
];

// Integration files that start every stack they use and never ask for the shared one
// (`inject('stack')`): they wait mostly on their own stacks' timers (a session's expiry, a
// restart, a sign-off at 30 s), so they run beside the shared stack's files rather than after them
// (docs/testing.md "How the layers share the machine").
const INTEGRATION_FILES = readdirSync(new URL('./tests/integration/', import.meta.url))
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => `tests/integration/${name}`);
// Both projects name their files rather than excluding the other's: a project's own `exclude`
// replaces the command line's `--exclude` (Vitest 4), which the PostgreSQL layer's NOT_ON_POSTGRES
// list in scripts/lib/test-run.mjs relies on. Each file is read once.
const SHARED_STACK: string[] = [];
const OWN_STACKS: string[] = [];
for (const file of INTEGRATION_FILES) {
  const source = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
  (source.includes("inject('stack')") ? SHARED_STACK : OWN_STACKS).push(file);
}

const integrationSettings = {
  environment: 'node' as const,
  // A failed test leaves its protocol timeline for the console (docs/console.md "Trace files").
  setupFiles: ['tests/support/trace-on-failure.ts'],
  // Files run one after another in each project: the shared stack's so sessions don't kick each
  // other, the others so that the layer's stacks stay two.
  fileParallelism: false,
  // …in one module graph: each file importing the protocol stacks and the server's modules
  // afresh cost about 100 s of CPU a layer (docs/testing.md "What a run shares").
  isolate: false,
  // Safety nets, not waits: a test waits for the event it needs (docs/testing.md "Waiting"),
  // and a loaded two-core machine may take minutes for what a quiet one does in seconds.
  // Above a stack's own start limit (180 s, tests/support/stack.ts), so a test that restarts
  // its stack fails with the stack's message and the steps it took, not a bare time-out.
  testTimeout: 300_000,
  hookTimeout: 300_000,
  // expect.poll waits for its condition (the default gives up after 1 s).
  expect: { poll: { timeout: 60_000 } },
};

const unitSettings = {
  environment: 'node' as const,
  // The app socket codec is generated from proto/ (npm run proto:gen), never committed; the
  // server tests that need SQL copy one migrated database.
  globalSetup: ['tests/unit/proto-gen.setup.ts', 'tests/unit/db-template.setup.ts'],
  // A safety net, not a pace: the embedded database's tests take seconds on a loaded machine.
  testTimeout: 60_000,
  hookTimeout: 120_000,
  expect: { poll: { timeout: 30_000 } },
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: UNIT_FILES,
          exclude: [...UNIT_ISOLATED, ...configDefaults.exclude],
          ...unitSettings,
          // The files of a worker share one module graph: pure logic needs no fresh import of every
          // module per file, which was half the layer's CPU (docs/testing.md "What a run shares").
          isolate: false,
        },
      },
      {
        test: {
          // Files that mock our own modules or change a library's global state: each imports afresh.
          name: 'unit-isolated',
          include: UNIT_ISOLATED,
          ...unitSettings,
          // None of them opens a database.
          globalSetup: ['tests/unit/proto-gen.setup.ts'],
        },
      },
      {
        test: {
          // Screens rendered against a test portal runtime (tests/component/test-runtime.tsx) in
          // happy-dom: what a provider sees and does, without a browser or a server.
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'happy-dom',
          // Strophe's browser build, as in the portal: its Node build puts a bare XML document in
          // place of the page's `document`.
          setupFiles: ['tests/component/setup.ts'],
          alias: {
            'strophe.js': new URL('./node_modules/strophe.js/dist/strophe.esm.js', import.meta.url).pathname,
          },
          testTimeout: 60_000,
          expect: { poll: { timeout: 30_000 } },
        },
      },
      {
        test: {
          name: 'integration',
          include: SHARED_STACK,
          globalSetup: ['tests/unit/proto-gen.setup.ts', 'tests/integration/global-setup.ts'],
          ...integrationSettings,
        },
      },
      {
        test: {
          name: 'integration-own-stacks',
          include: OWN_STACKS,
          globalSetup: ['tests/unit/proto-gen.setup.ts', 'tests/integration/template-setup.ts'],
          ...integrationSettings,
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
          // Above a stack's start limit, as the integration layer's.
          testTimeout: 300_000,
          hookTimeout: 300_000,
          expect: { poll: { timeout: 60_000 } },
        },
      },
    ],
  },
});
