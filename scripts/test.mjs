// `npm test`: the same bootstrap as `npm start` plus Chromium and PostgreSQL, then every layer:
// lint, format, type-check, unit, integration on PGlite and on PostgreSQL, the cluster, end-to-end.
// How they share the machine (docs/testing.md): what every layer would build or seed is made once
// first (the portal, the server bundle, a seeded template of the database for each engine), then
// the layers run as jobs, as many at once as the machine has cores for (TEST_JOBS overrides it),
// the longest first. Each job's output is printed whole when it ends, a failed one's after all the
// others, so the end of the log shows what failed. Every layer runs even when an earlier one fails;
// the summary gives each layer's time and slowest tests, and repeats the failing tests' lines.
// The PostgreSQL layers use TEST_DATABASE_URL when set, else a throwaway cluster started here and
// removed at the end (also on failure and on Ctrl-C).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import {
  bootstrap,
  BootstrapError,
  ensurePortalBuiltInBackground,
  ensureProtoGenerated,
  ensureServerBuilt,
  ROOT,
  runMain,
  timed,
} from './lib/bootstrap.mjs';
import { balanceShards, e2eFiles, exactFile, readDurations } from './lib/e2e-shards.mjs';
import { makeTestTemplate, templateEnv } from './lib/test-template.mjs';
import {
  childrenCpuMs,
  jobSlots,
  playwrightFailures,
  NOT_ON_POSTGRES,
  readTests,
  slowest,
} from './lib/test-run.mjs';
import { startThrowawayPostgres } from './lib/throwaway-postgres.mjs';

const npx = (...args) => ['npx', ['--no-install', ...args]];

// Lines that name a failed test: Playwright's list reporter (`✘`, and `file:line:column › title`
// under "N failed"), Vitest's (`FAIL file > title`, `×`), and the first line of each error, so a
// file that failed in a hook (a stack that did not start) says why.
const FAILURE_LINE =
  /^\s*(✘|×|FAIL\s|\S+\.(spec|test)\.ts:\d+:\d+ ›|\d+ (failed|flaky)\b|([A-Z]\w*)?Error: |Cannot start: )/;
const failureLines = (output) => [
  ...new Set(
    stripVTControlCharacters(output)
      .split('\n')
      .filter((line) => FAILURE_LINE.test(line))
      .map((line) => line.trim()),
  ),
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

await runMain(async () => {
  const wholeStarted = Date.now();
  // Debian's packages go on installing while the quick layers run and the stacks' needs are made;
  // what needs them (PostgreSQL, a stack's Prosody, Chromium) waits for them there.
  const { debian } = await bootstrap({
    chromium: true,
    postgres: true,
    build: false,
    debianInBackground: true,
  });
  let debianMs = null;
  const debianDone = () => (debianMs = Date.now() - wholeStarted);
  void debian.then(debianDone, debianDone);
  timed('app socket codec', ensureProtoGenerated);
  const bootstrapMs = Date.now() - wholeStarted;
  const reports = mkdtempSync(path.join(os.tmpdir(), 'portal-test-reports-'));
  const templates = [];
  let postgres = null;
  const cleanUp = () => {
    rmSync(reports, { recursive: true, force: true });
    for (const t of templates) rmSync(t.dir, { recursive: true, force: true });
    postgres?.stop();
  };
  process.once('exit', cleanUp);
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => {
      cleanUp();
      process.exit(130);
    });

  // What the stacks need — Debian's packages, the built portal, the server bundle, PostgreSQL and
  // one seeded start of each engine that every stack of the run copies
  // (scripts/lib/test-template.mjs) — is made while the quick layers (lint, format, type-check)
  // run, which need none of it.
  const prepare = async () => {
    const [serverEntry] = await Promise.all([
      timed('server build', ensureServerBuilt),
      timed('portal build', ensurePortalBuiltInBackground),
      (async () => {
        await debian;
        if (process.env.TEST_DATABASE_URL) return;
        postgres = await startThrowawayPostgres();
        process.env.TEST_DATABASE_URL = postgres.url;
      })(),
    ]);
    console.log('• Seeding the test template of each database…');
    templates.push(
      ...(await Promise.all([
        makeTestTemplate({ root: ROOT, serverEntry }),
        makeTestTemplate({ root: ROOT, serverEntry, postgresUrl: process.env.TEST_DATABASE_URL }),
      ])),
    );
    Object.assign(process.env, templateEnv(templates));
  };
  let preparedMs = null;
  let prepareError = null;
  const prepared = prepare().then(
    () => (preparedMs = Date.now() - wholeStarted),
    (error) => {
      prepareError = error;
      preparedMs = Date.now() - wholeStarted;
    },
  );

  const vitestRun = (name, project, env, extra = []) => {
    const file = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
    return {
      command: npx(
        'vitest',
        'run',
        ...[project].flat().flatMap((name) => ['--project', name]),
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${file}`,
        ...extra,
      ),
      env,
      report: ['vitest', file],
    };
  };
  const vitest = (name, project, env = {}, cost, extra = []) => ({
    name,
    cost,
    parts: [vitestRun(name, project, env, extra)],
  });
  // An integration layer is two runs side by side in one lane: the files on the shared stack, one
  // after another, and beside them those that start stacks of their own, which wait mostly on
  // their stacks' timers (`integration-own-stacks` in vitest.config.ts).
  const integration = (name, env, cost, extra = []) => ({
    name,
    cost,
    parts: [
      vitestRun(name, 'integration', env, extra),
      vitestRun(`${name} own stacks`, 'integration-own-stacks', env, extra),
    ],
  });
  // The end-to-end files run as two shards, each with its own stack and Chromium, so that the layer
  // whose tests run one after another is not the run's critical path (docs/testing.md "How the
  // layers share the machine"); the files are split by their recorded durations
  // (scripts/lib/e2e-shards.mjs). Costs order the jobs, the integration layers first: with the two
  // end-to-end shards first, both ran side by side all along, and the three-tabs chat test failed
  // under that load (docs/testing.md "How the layers share the machine").
  const shards = balanceShards(e2eFiles(ROOT), readDurations(path.join(ROOT, 'tests/e2e/durations.json')), 2);
  const e2e = ({ files }, i) => {
    const n = i + 1;
    const report = path.join(reports, `e2e-${n}.json`);
    return {
      name: `end-to-end ${n}/${shards.length}`,
      cost: 3.5,
      parts: [
        {
          command: npx(
            'playwright',
            'test',
            `--output=test-results/shard-${n}`,
            '--reporter=list,json',
            ...files.map(exactFile),
          ),
          env: { PLAYWRIGHT_JSON_OUTPUT_FILE: report },
          report: ['playwright', report],
        },
      ],
    };
  };
  const jobs = [
    { name: 'lint', cost: 0.5, quick: true, parts: [{ command: npx('eslint', '.') }] },
    { name: 'format', cost: 0.3, quick: true, parts: [{ command: npx('prettier', '--check', '.') }] },
    {
      name: 'type-check',
      cost: 0.5,
      quick: true,
      parts: [{ command: ['npm', ['run', '--silent', 'typecheck']] }],
    },
    vitest('unit', ['unit', 'unit-isolated', 'component'], {}, 1.5),
    integration('integration (PGlite)', { TEST_DATABASE_URL: '' }, 6),
    integration(
      'integration (PostgreSQL)',
      {},
      4,
      NOT_ON_POSTGRES.map((glob) => `--exclude=${glob}`),
    ),
    vitest('cluster (PostgreSQL)', 'cluster', {}, 0.4),
    ...shards.map(e2e),
  ].sort((a, b) => b.cost - a.cost);

  const slots = jobSlots();
  console.log(`• ${jobs.length} layers, ${slots} at once (${os.availableParallelism()} cores)`);
  const results = [];
  const deferred = [];
  let interrupted = false;
  // One command of a job, through a shell whose `times` tells the CPU its children used (the
  // layer's processes that it waited for): a figure the load of the machine moves far less than
  // the wall time.
  const runPart = (part) =>
    new Promise((resolve) => {
      const [command, args] = part.command;
      const chunks = [];
      const child = spawn('sh', ['-c', '"$@" 3>&-; rc=$?; times >&3; exit $rc', 'sh', command, ...args], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
        env: { ...process.env, ...part.env, FORCE_COLOR: '1' },
      });
      let times = '';
      child.stdio[3].on('data', (c) => (times += c));
      for (const stream of [child.stdout, child.stderr]) stream.on('data', (c) => chunks.push(c));
      child.on('error', (error) => chunks.push(Buffer.from(`${command}: ${error.message}\n`)));
      child.on('close', (code, signal) =>
        resolve({ code, signal, output: Buffer.concat(chunks).toString(), cpuMs: childrenCpuMs(times) }),
      );
    });
  const runJob = async (job) => {
    const started = Date.now();
    const parts = await Promise.all(job.parts.map(runPart));
    const ok = parts.every((p) => p.code === 0);
    const output = parts.map((p) => p.output).join('\n');
    const print = () => {
      console.log(`\n━━ ${job.name} ━━`);
      process.stdout.write(output);
    };
    if (ok) print();
    else deferred.push(print);
    // Ctrl-C reaches the running jobs too; the summary is skipped then.
    if (parts.some((p) => p.signal === 'SIGINT' || p.signal === 'SIGTERM')) interrupted = true;
    const reports = job.parts.flatMap((p) => (p.report ? [p.report] : []));
    const tests = reports.flatMap(([kind, file]) => readTests(kind, file, ROOT));
    const pages = reports.flatMap(([kind, file]) => (kind === 'playwright' ? pagesOfFailures(file) : []));
    const cpus = parts.map((p) => p.cpuMs);
    results.push({
      name: job.name,
      ok,
      ms: Date.now() - started,
      cpuMs: cpus.includes(null) ? null : cpus.reduce((a, b) => a + b, 0),
      tests: tests.length,
      slowest: slowest(tests),
      failures: ok ? [] : failureLines(output),
      pages,
    });
    console.log(`• ${ok ? '✓' : '✗'} ${job.name} (${seconds(Date.now() - started)})`);
  };
  const queue = [...jobs];
  // Until the stacks' needs are made, one lane takes the quick layers (the making keeps about a core
  // busy); then every lane takes the longest job left. A layer that needs them when their making
  // failed is not run but failed with the reason.
  const next = () => {
    const index = queue.findIndex((job) => job.quick || preparedMs !== null);
    return index < 0 ? null : queue.splice(index, 1)[0];
  };
  const lane = async (_, index) => {
    if (index > 0) await prepared;
    while (queue.length > 0 && !interrupted) {
      const job = next();
      if (!job) {
        await prepared;
        continue;
      }
      if (!job.quick && prepareError) {
        const reason = prepareError instanceof BootstrapError ? prepareError.message : String(prepareError);
        results.push({
          name: job.name,
          ok: false,
          ms: 0,
          cpuMs: null,
          tests: 0,
          slowest: [],
          failures: [`Cannot start: ${reason}`],
        });
        continue;
      }
      await runJob(job);
    }
  };
  const runStarted = Date.now();
  await Promise.all(Array.from({ length: slots }, lane));
  await prepared;
  for (const print of deferred) print();
  if (interrupted) return 130;

  console.log('\n━━ summary ━━');
  const order = new Map(jobs.map((job, i) => [job.name, i]));
  for (const r of results.sort((a, b) => order.get(a.name) - order.get(b.name))) {
    const cpu = r.cpuMs === null ? '' : `  CPU ${seconds(r.cpuMs)}`;
    console.log(
      `${r.ok ? '✓' : '✗'} ${r.name.padEnd(30)} ${seconds(r.ms).padStart(8)}${cpu}${r.tests ? `  ${r.tests} tests` : ''}`,
    );
    for (const t of r.slowest) console.log(`    ${seconds(t.ms).padStart(8)}  ${t.file} › ${t.title}`);
    for (const line of r.failures.slice(0, 30)) console.log(`    ${line}`);
  }
  const cpuMs = results.reduce((sum, r) => sum + (r.cpuMs ?? 0), 0);
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(
    `all layers: ${seconds(Date.now() - runStarted)} with ${slots} at once, CPU ${seconds(cpuMs)}; load average now ${load}`,
  );
  console.log(
    `whole run: ${seconds(Date.now() - wholeStarted)} (npm packages in at ${seconds(bootstrapMs)}, Debian's at ${seconds(debianMs)}; builds and templates ready at ${seconds(preparedMs)}, the quick layers running meanwhile)`,
  );
  // Last, so that the tail of a CI log has it: where each failed or retried end-to-end test's
  // page was when it failed.
  for (const r of results)
    for (const f of r.pages ?? []) {
      console.log(`\n${f.status === 'flaky' ? '⚠ retried, then passed' : '✗ failed'}: ${f.title}`);
      for (const line of f.errors.slice(0, 6)) console.log(`    ${line}`);
      for (const line of f.page) console.log(`    |${line}`);
    }
  return results.every((r) => r.ok) ? 0 : 1;
});

function pagesOfFailures(file) {
  try {
    return playwrightFailures(JSON.parse(readFileSync(file, 'utf8')), (p) =>
      readFileSync(path.resolve(ROOT, p), 'utf8'),
    );
  } catch {
    return [];
  }
}
