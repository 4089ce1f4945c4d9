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
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { bootstrap, ensureServerBuilt, ROOT, runMain, timed } from './lib/bootstrap.mjs';
import { makeTestTemplate, templateEnv } from './lib/test-template.mjs';
import { childrenCpuMs, jobSlots, readTests, slowest } from './lib/test-run.mjs';
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

// Files the PostgreSQL layer leaves to the PGlite one: the behaviour they prove is Prosody's,
// WebRTC's or the app socket's framing, and the database serves them only a sign-in, which every
// other file exercises on PostgreSQL too (docs/testing.md "The layers"). About a sixth of the
// layer's time.
const PROTOCOL_ONLY = [
  'tests/integration/webrtc-*.test.ts',
  'tests/integration/call-interop.test.ts',
  'tests/integration/member-simulator*.test.ts',
  'tests/integration/prosody-hostile.test.ts',
  'tests/integration/compression.test.ts',
  'tests/integration/app-socket-heartbeat.test.ts',
  'tests/integration/xmpp-{carbons-roster,messages,ping-activity,privacy,reconnect,resumption,session}.test.ts',
];

await runMain(async () => {
  const wholeStarted = Date.now();
  bootstrap({ chromium: true, postgres: true, build: true });
  const serverEntry = await timed('server build', ensureServerBuilt);
  let postgres = null;
  if (!process.env.TEST_DATABASE_URL) {
    postgres = await startThrowawayPostgres();
    process.env.TEST_DATABASE_URL = postgres.url;
  }
  const reports = mkdtempSync(path.join(os.tmpdir(), 'portal-test-reports-'));
  const templates = [];
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

  // One seeded start for each engine, copied by every stack of the run (scripts/lib/test-template.mjs).
  console.log('• Seeding the test template of each database…');
  templates.push(
    ...(await Promise.all([
      makeTestTemplate({ root: ROOT, serverEntry }),
      makeTestTemplate({ root: ROOT, serverEntry, postgresUrl: process.env.TEST_DATABASE_URL }),
    ])),
  );
  Object.assign(process.env, templateEnv(templates));

  const vitest = (name, project, env = {}, cost, extra = []) => {
    const file = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
    return {
      name,
      cost,
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
  const e2eReport = path.join(reports, 'e2e.json');
  // Jobs with the minutes each took alone on a two-core machine: the longest start first.
  const jobs = [
    { name: 'lint', cost: 0.5, command: npx('eslint', '.') },
    { name: 'format', cost: 0.3, command: npx('prettier', '--check', '.') },
    { name: 'type-check', cost: 0.5, command: ['npm', ['run', '--silent', 'typecheck']] },
    vitest('unit', ['unit', 'unit-isolated'], {}, 1.5),
    vitest('integration (PGlite)', 'integration', { TEST_DATABASE_URL: '' }, 6),
    vitest(
      'integration (PostgreSQL)',
      'integration',
      {},
      4,
      PROTOCOL_ONLY.map((glob) => `--exclude=${glob}`),
    ),
    vitest('cluster (PostgreSQL)', 'cluster', {}, 0.4),
    {
      name: 'end-to-end',
      cost: 7,
      command: npx('playwright', 'test', '--reporter=list,json'),
      env: { PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport },
      report: ['playwright', e2eReport],
    },
  ].sort((a, b) => b.cost - a.cost);

  const slots = jobSlots();
  console.log(`• ${jobs.length} layers, ${slots} at once (${os.availableParallelism()} cores)`);
  const results = [];
  const deferred = [];
  let interrupted = false;
  const runJob = (job) =>
    new Promise((resolve) => {
      const [command, args] = job.command;
      const started = Date.now();
      const chunks = [];
      // Through a shell whose `times` tells the CPU its children used (the layer's processes that
      // it waited for): a figure the load of the machine moves far less than the wall time.
      const child = spawn('sh', ['-c', '"$@" 3>&-; rc=$?; times >&3; exit $rc', 'sh', command, ...args], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
        env: { ...process.env, ...job.env, FORCE_COLOR: '1' },
      });
      let times = '';
      child.stdio[3].on('data', (c) => (times += c));
      for (const stream of [child.stdout, child.stderr]) stream.on('data', (c) => chunks.push(c));
      child.on('error', (error) => chunks.push(Buffer.from(`${job.name}: ${error.message}\n`)));
      child.on('close', (code, signal) => {
        const ok = code === 0;
        const output = Buffer.concat(chunks).toString();
        const print = () => {
          console.log(`\n━━ ${job.name} ━━`);
          process.stdout.write(output);
        };
        if (ok) print();
        else deferred.push(print);
        // Ctrl-C reaches the running jobs too; the summary is skipped then.
        if (signal === 'SIGINT' || signal === 'SIGTERM') interrupted = true;
        const tests = job.report ? readTests(job.report[0], job.report[1], ROOT) : [];
        results.push({
          name: job.name,
          ok,
          ms: Date.now() - started,
          cpuMs: childrenCpuMs(times),
          tests: tests.length,
          slowest: slowest(tests),
          failures: ok ? [] : failureLines(output),
        });
        console.log(`• ${ok ? '✓' : '✗'} ${job.name} (${seconds(Date.now() - started)})`);
        resolve();
      });
    });
  const queue = [...jobs];
  const lane = async () => {
    while (queue.length > 0 && !interrupted) await runJob(queue.shift());
  };
  const runStarted = Date.now();
  const bootstrapMs = runStarted - wholeStarted;
  await Promise.all(Array.from({ length: slots }, lane));
  for (const print of deferred) print();
  if (interrupted) return 130;

  console.log('\n━━ summary ━━');
  const order = new Map(jobs.map((job, i) => [job.name, i]));
  for (const r of results.sort((a, b) => order.get(a.name) - order.get(b.name))) {
    const cpu = r.cpuMs === null ? '' : `  CPU ${seconds(r.cpuMs)}`;
    console.log(
      `${r.ok ? '✓' : '✗'} ${r.name.padEnd(26)} ${seconds(r.ms).padStart(8)}${cpu}${r.tests ? `  ${r.tests} tests` : ''}`,
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
    `whole run: ${seconds(Date.now() - wholeStarted)} (bootstrap, builds and templates ${seconds(bootstrapMs)})`,
  );
  return results.every((r) => r.ok) ? 0 : 1;
});
