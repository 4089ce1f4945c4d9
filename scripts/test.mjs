// `npm test`: the same bootstrap as `npm start` plus Chromium and PostgreSQL, then every layer:
// lint, type-check, unit, then side by side: integration on PGlite; integration on PostgreSQL
// followed by two server processes on PostgreSQL (tests/cluster); end-to-end. Each of the three
// starts its own stack on free ports and spends much of its time waiting on servers, so running
// them together keeps the suite's wall time down; each one's output is printed whole when it ends,
// a failed one's after the others of its group, so that the end of the log shows what failed. Every
// layer runs even when an earlier one fails; the summary says which failed and repeats the failing
// tests' lines. The PostgreSQL steps use TEST_DATABASE_URL when set, else a throwaway cluster
// started here and removed at the end (also on failure and on Ctrl-C).
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { bootstrap, ROOT, runMain } from './lib/bootstrap.mjs';
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

await runMain(async () => {
  bootstrap({ chromium: true, postgres: true, build: true });
  let postgres = null;
  if (!process.env.TEST_DATABASE_URL) {
    postgres = await startThrowawayPostgres();
    process.env.TEST_DATABASE_URL = postgres.url;
    process.once('exit', postgres.stop);
    for (const signal of ['SIGINT', 'SIGTERM'])
      process.once(signal, () => {
        postgres.stop();
        process.exit(130);
      });
  }
  // Each entry is one step, or a list of step chains that run side by side.
  const plan = [
    ['lint', ...npx('eslint', '.')],
    ['format', ...npx('prettier', '--check', '.')],
    ['type-check', 'npm', ['run', '--silent', 'typecheck']],
    ['unit', ...npx('vitest', 'run', '--project', 'unit')],
    [
      [
        [
          'integration (PGlite)',
          ...npx('vitest', 'run', '--project', 'integration'),
          { TEST_DATABASE_URL: '' },
        ],
      ],
      [
        ['integration (PostgreSQL)', ...npx('vitest', 'run', '--project', 'integration')],
        ['cluster (PostgreSQL)', ...npx('vitest', 'run', '--project', 'cluster')],
      ],
      [['end-to-end', ...npx('playwright', 'test')]],
    ],
  ];
  const results = [];
  let interrupted = false;
  let deferred = [];
  const run = ([name, command, args, env], { buffered }) =>
    new Promise((resolve) => {
      if (!buffered) console.log(`\n━━ ${name} ━━`);
      const started = Date.now();
      const chunks = [];
      const child = spawn(command, args, {
        cwd: ROOT,
        stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
        env: { ...process.env, ...env, ...(buffered ? { FORCE_COLOR: '1' } : {}) },
      });
      if (buffered)
        for (const stream of [child.stdout, child.stderr]) stream.on('data', (c) => chunks.push(c));
      child.on('error', (error) => console.error(`${name}: ${error.message}`));
      child.on('close', (code, signal) => {
        const ok = code === 0;
        const output = Buffer.concat(chunks).toString();
        if (buffered) {
          const print = () => {
            console.log(`\n━━ ${name} ━━`);
            process.stdout.write(output);
          };
          if (ok) print();
          else deferred.push(print);
        }
        // Ctrl-C reaches the running steps too; the summary is skipped then.
        if (signal === 'SIGINT' || signal === 'SIGTERM') interrupted = true;
        const seconds = Math.round((Date.now() - started) / 1000);
        results.push({ name, ok, seconds, failures: ok ? [] : failureLines(output) });
        resolve();
      });
    });
  for (const entry of plan) {
    if (interrupted) break;
    if (typeof entry[0] === 'string') await run(entry, { buffered: false });
    else
      await Promise.all(
        entry.map(async (chain) => {
          for (const step of chain) if (!interrupted) await run(step, { buffered: true });
        }),
      );
    for (const print of deferred) print();
    deferred = [];
  }
  if (interrupted) {
    postgres?.stop();
    return 130;
  }
  postgres?.stop();
  console.log('\n━━ summary ━━');
  for (const r of results) {
    console.log(`${r.ok ? '✓' : '✗'} ${r.name.padEnd(26)} ${r.seconds}s`);
    for (const line of r.failures.slice(0, 30)) console.log(`    ${line}`);
  }
  return results.every((r) => r.ok) ? 0 : 1;
});
