// What `npm test` reads back from a layer's JSON report (Vitest's `json` reporter, Playwright's
// `json` reporter): every test with its file, title and duration, so the summary can name each
// layer's slowest tests and a regression shows; and how many layers it runs at once
// (docs/testing.md "The summary", "How the layers share the machine"). Plain Node.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

// Files the PostgreSQL layer leaves to the PGlite one: the behaviour they prove is Prosody's,
// WebRTC's or the app socket's framing, and the database serves them only a sign-in, which every
// other file exercises on PostgreSQL too; and `startup-errors`, whose servers open the embedded
// database whichever layer runs them (the layer sets TEST_DATABASE_URL, they read DATABASE_URL;
// the one test that needs PostgreSQL's address names it). docs/testing.md "The layers". Passed
// as `--exclude`, which only a project without an `exclude` of its own honours (vitest.config.ts;
// tests/unit/scripts/test-run.test.ts proves it).
export const NOT_ON_POSTGRES = [
  'tests/integration/webrtc-*.test.ts',
  'tests/integration/call-interop.test.ts',
  'tests/integration/call-security.test.ts',
  'tests/integration/security-tenancy-calls.test.ts',
  'tests/integration/member-simulator*.test.ts',
  'tests/integration/prosody-hostile.test.ts',
  'tests/integration/compression.test.ts',
  'tests/integration/route-pages.test.ts',
  'tests/integration/app-socket-heartbeat.test.ts',
  'tests/integration/xmpp-{carbons-roster,messages,ping-activity,privacy,reconnect,resumption,session,session-end}.test.ts',
  'tests/integration/startup-errors.test.ts',
];

/**
 * Jobs at once: one more than the cores, never more than memory allows at about 3 GiB a job;
 * `TEST_JOBS` overrides it. A job's test process, server, Prosody and Chromium take turns and wait
 * on each other and on the tests' timers, so one job a core left part of the machine idle; two
 * more than the cores kept both busy all along but made the same work cost a quarter more CPU
 * (the tests' and Playwright's polling lasts as long as the wait), and the run was no shorter
 * (docs/testing.md "How the layers share the machine").
 */
export function jobSlots(env = process.env, cores = os.availableParallelism(), memory = os.totalmem()) {
  const asked = Number(env.TEST_JOBS);
  if (Number.isInteger(asked) && asked > 0) return asked;
  return Math.max(1, Math.min(cores + 1, Math.floor(memory / 3 / 2 ** 30)));
}

/**
 * The CPU time of a shell's children, in ms, from what its `times` printed (POSIX: a line for the
 * shell, then one for its children, each `user system` as `1m2.345s`); null when unreadable.
 */
export function childrenCpuMs(text) {
  const line = text.trim().split('\n')[1];
  const parts = line
    ?.trim()
    .split(/\s+/)
    .map((t) => /^(\d+)m([\d.]+)s$/.exec(t));
  if (!parts || parts.length !== 2 || parts.some((p) => !p)) return null;
  return Math.round(parts.reduce((sum, p) => sum + (Number(p[1]) * 60 + Number(p[2])) * 1000, 0));
}

/** `{ file, title, ms }` of every test in a Vitest JSON report (paths relative to `root`). */
export function vitestTests(report, root) {
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).map((test) => ({
      file: path.relative(root, file.name),
      title: test.fullName ?? test.title,
      ms: test.duration ?? 0,
    })),
  );
}

/** `{ file, title, ms }` of every test in a Playwright JSON report, its retries' time summed. */
export function playwrightTests(report) {
  const tests = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        tests.push({
          file: path.join('tests/e2e', spec.file),
          title: [...titles, spec.title].join(' › '),
          ms: (test.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0),
        });
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // The top-level suites are the files; below them, `describe` blocks.
  for (const file of report.suites ?? []) walk(file, []);
  return tests;
}

/** The tests of the report at `file` (written by a layer of `kind` 'vitest' or 'playwright'), or []. */
export function readTests(kind, file, root) {
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
  return kind === 'playwright' ? playwrightTests(report) : vitestTests(report, root);
}

/**
 * What a page showed when its test failed or needed its retry, from a Playwright JSON report: for
 * each such test its title, `failed` or `flaky`, each error's first line and what it waited for,
 * and the landmarks of the page's accessibility snapshot (the `error-context` attachment: headings,
 * dialogs, alerts, statuses, regions, link paths), at most `lines` of them — so a CI log's tail
 * says where the page was (docs/testing.md "The summary").
 */
export function playwrightFailures(report, read = (file) => readFileSync(file, 'utf8'), lines = 14) {
  const found = [];
  const landmark = /^\s*- (heading|dialog|alertdialog|alert|status|region|main|link "Skip)|^\s*- \/url:/;
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const failedRuns = (test.results ?? []).filter(
          (r) => r.status !== 'passed' && r.status !== 'skipped',
        );
        const errors = failedRuns.flatMap((r) =>
          (r.errors ?? []).flatMap((e) => {
            const [first, ...rest] = stripVTControlCharacters(e.message ?? '').split('\n');
            return [first, ...rest.filter((l) => /^(Locator|Expected|Received|\s+- waiting for)/.test(l))]
              .slice(0, 4)
              .map((l) => l.trim());
          }),
        );
        const snapshot = failedRuns
          .flatMap((r) => r.attachments ?? [])
          .filter((a) => a.name === 'error-context' && a.path)
          .flatMap((a) => {
            try {
              return read(a.path).split('\n');
            } catch {
              return [];
            }
          })
          .filter((line) => landmark.test(line))
          .map((line) => line.trimEnd());
        found.push({
          title: `${path.join('tests/e2e', spec.file)}:${spec.line} › ${spec.title}`,
          status: test.status === 'flaky' ? 'flaky' : 'failed',
          errors: [...new Set(errors)],
          page: snapshot.slice(0, lines),
        });
      }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const file of report.suites ?? []) walk(file);
  return found;
}

/** The `count` slowest of `tests`, slowest first. */
export function slowest(tests, count = 5) {
  return [...tests].sort((a, b) => b.ms - a.ms).slice(0, count);
}
