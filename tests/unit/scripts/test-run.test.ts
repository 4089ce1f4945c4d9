/** What `npm test` reads of each layer's JSON report and how many layers it runs at once (docs/testing.md). */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { balanceShards, e2eFiles, exactFile, readDurations } from '../../../scripts/lib/e2e-shards.mjs';
import {
  childrenCpuMs,
  jobSlots,
  playwrightFailures,
  playwrightTests,
  NOT_ON_POSTGRES,
  slowest,
  vitestTests,
} from '../../../scripts/lib/test-run.mjs';

const GiB = 2 ** 30;
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const VITEST = path.join(ROOT, 'node_modules/vitest/vitest.mjs');

describe('jobSlots', () => {
  it('runs one job more than the cores, as memory allows, unless TEST_JOBS says otherwise', () => {
    expect(jobSlots({}, 2, 24 * GiB)).toBe(3);
    expect(jobSlots({}, 8, 6 * GiB)).toBe(2);
    expect(jobSlots({}, 1, 2 * GiB)).toBe(1);
    expect(jobSlots({ TEST_JOBS: '2' }, 2, 24 * GiB)).toBe(2);
    expect(jobSlots({ TEST_JOBS: 'many' }, 2, 24 * GiB)).toBe(3);
  });
});

describe('childrenCpuMs', () => {
  it("sums the children's user and system time that the shell's times printed", () => {
    expect(childrenCpuMs('0m0.000000s 0m0.000000s\n1m4.690000s 0m0.040000s\n')).toBe(64_730);
    expect(childrenCpuMs('0m0.01s 0m0.00s\n0m2.50s 0m0.50s')).toBe(3000);
    expect(childrenCpuMs('')).toBeNull();
    expect(childrenCpuMs('garbage\nmore garbage')).toBeNull();
  });
});

describe('the reports', () => {
  it("reads Vitest's tests with their files relative to the checkout", () => {
    const report = {
      testResults: [
        {
          name: '/repo/tests/unit/a.test.ts',
          assertionResults: [
            { fullName: 'group one', title: 'one', duration: 12.5 },
            { fullName: 'group two', title: 'two', duration: 3 },
          ],
        },
      ],
    };
    expect(vitestTests(report, '/repo')).toEqual([
      { file: 'tests/unit/a.test.ts', title: 'group one', ms: 12.5 },
      { file: 'tests/unit/a.test.ts', title: 'group two', ms: 3 },
    ]);
  });

  it("reads Playwright's tests with their describe titles, retries summed", () => {
    const report = {
      suites: [
        {
          title: 'a.spec.ts',
          file: 'a.spec.ts',
          specs: [{ title: 'top', file: 'a.spec.ts', tests: [{ results: [{ duration: 145 }] }] }],
          suites: [
            {
              title: 'group',
              file: 'a.spec.ts',
              specs: [
                {
                  title: 'inner',
                  file: 'a.spec.ts',
                  tests: [{ results: [{ duration: 60 }, { duration: 8 }] }],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(playwrightTests(report)).toEqual([
      { file: 'tests/e2e/a.spec.ts', title: 'top', ms: 145 },
      { file: 'tests/e2e/a.spec.ts', title: 'group › inner', ms: 68 },
    ]);
  });

  it('names the slowest first', () => {
    const tests = [1, 9, 4, 7, 2, 8].map((ms) => ({ file: 'f', title: String(ms), ms }));
    expect(slowest(tests, 3).map((t) => t.ms)).toEqual([9, 8, 7]);
  });
});

describe('playwrightFailures', () => {
  const snapshot = [
    '# Error details',
    '```yaml',
    '- banner:',
    '  - text: Provider Portal',
    '- main:',
    '  - heading "Settings" [level=1]',
    '  - dialog "Profile Approved":',
    '    - paragraph: Your profile was approved.',
    '```',
  ].join('\n');
  const report = {
    suites: [
      {
        specs: [
          {
            title: 'signs out',
            file: 'second-factor.spec.ts',
            line: 92,
            tests: [
              {
                status: 'unexpected',
                results: [
                  {
                    status: 'timedOut',
                    errors: [
                      {
                        message:
                          "\u001b[31mError: locator.click: Test timeout of 300000ms exceeded.\u001b[39m\nCall log:\n  - waiting for getByRole('region', { name: 'Session' })",
                      },
                    ],
                    attachments: [{ name: 'error-context', path: 'failure-context' }],
                  },
                ],
              },
            ],
          },
          { title: 'passes', file: 'a.spec.ts', line: 3, tests: [{ status: 'expected', results: [] }] },
          {
            title: 'needed its retry',
            file: 'a.spec.ts',
            line: 9,
            tests: [
              {
                status: 'flaky',
                results: [{ status: 'failed', errors: [{ message: 'Error: boom' }] }, { status: 'passed' }],
              },
            ],
          },
        ],
      },
    ],
  };

  it('gives each failed or retried test its errors and where its page was', () => {
    expect(playwrightFailures(report, (file) => (file === 'failure-context' ? snapshot : ''))).toEqual([
      {
        title: 'tests/e2e/second-factor.spec.ts:92 › signs out',
        status: 'failed',
        errors: [
          'Error: locator.click: Test timeout of 300000ms exceeded.',
          "- waiting for getByRole('region', { name: 'Session' })",
        ],
        page: ['- main:', '  - heading "Settings" [level=1]', '  - dialog "Profile Approved":'],
      },
      {
        title: 'tests/e2e/a.spec.ts:9 › needed its retry',
        status: 'flaky',
        errors: ['Error: boom'],
        page: [],
      },
    ]);
  });

  it('survives an attachment that is gone', () => {
    const [failed] = playwrightFailures(report, () => {
      throw new Error('ENOENT');
    });
    expect(failed!.page).toEqual([]);
  });
});

describe('balanceShards', () => {
  const files = [
    'tests/e2e/a.spec.ts',
    'tests/e2e/b.spec.ts',
    'tests/e2e/c.spec.ts',
    'tests/e2e/new.spec.ts',
  ];

  it('gives the longest file left to the shard with the least time, a new file the median', () => {
    const shards = balanceShards(files, { 'a.spec.ts': 400, 'b.spec.ts': 300, 'c.spec.ts': 100 }, 2);
    expect(shards).toEqual([
      { files: ['tests/e2e/a.spec.ts', 'tests/e2e/c.spec.ts'], seconds: 500 },
      { files: ['tests/e2e/b.spec.ts', 'tests/e2e/new.spec.ts'], seconds: 600 },
    ]);
  });

  it('puts every spec file of the repository in exactly one shard', () => {
    const all = e2eFiles(process.cwd());
    const shards = balanceShards(all, readDurations('tests/e2e/durations.json'), 2);
    expect(shards.flatMap((s) => s.files).sort()).toEqual(all);
    expect(all.length).toBeGreaterThan(30);
  });

  it('filters Playwright to exactly one file', () => {
    const filter = new RegExp(exactFile('tests/e2e/calls.spec.ts'));
    expect(filter.test('/repo/tests/e2e/calls.spec.ts')).toBe(true);
    expect(filter.test('/repo/tests/e2e/calls-more.spec.ts')).toBe(false);
    expect(filter.test('/repo/tests/e2e/callsXspec.ts')).toBe(false);
  });
});

describe('NOT_ON_POSTGRES', () => {
  // The PostgreSQL layer passes the list as `--exclude`; a project with an `exclude` of its own once
  // dropped it, and the layer ran the protocol files a second time (docs/testing.md "The layers").
  const listed = (...extra: string[]) => {
    const out = execFileSync(
      process.execPath,
      [
        VITEST,
        'list',
        '--filesOnly',
        '--json',
        '--project',
        'integration',
        '--project',
        'integration-own-stacks',
        ...extra,
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    return (JSON.parse(out) as { file: string; projectName: string }[]).map(
      ({ file, projectName }) => `${projectName} ${path.relative(ROOT, file)}`,
    );
  };

  it('keeps its files out of both integration projects when passed as --exclude', () => {
    const all = listed();
    const left = listed(...NOT_ON_POSTGRES.map((glob) => `--exclude=${glob}`));
    const dropped = all.filter((entry) => !left.includes(entry));
    // One file of each project that the list names: on the shared stack, and with stacks of its own.
    expect(dropped).toContain('integration tests/integration/webrtc-interop.test.ts');
    expect(dropped).toContain('integration tests/integration/xmpp-messages.test.ts');
    expect(dropped).toContain('integration-own-stacks tests/integration/compression.test.ts');
    expect(left).toContain('integration tests/integration/expert-reports.test.ts');
    expect(left.length).toBeGreaterThan(dropped.length);
  });
});
