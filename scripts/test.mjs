// `npm test`: the same bootstrap as `npm start` plus Chromium and PostgreSQL, then every layer:
// lint, type-check, unit, integration (on PGlite, then on PostgreSQL), two server processes on
// PostgreSQL (tests/cluster) and end-to-end. Every layer runs even when an earlier one fails; the
// summary says which failed. The PostgreSQL steps use TEST_DATABASE_URL when set, else a throwaway
// cluster started here and removed at the end (also on failure and on Ctrl-C).
import { spawnSync } from 'node:child_process';
import { bootstrap, ROOT, runMain } from './lib/bootstrap.mjs';
import { startThrowawayPostgres } from './lib/throwaway-postgres.mjs';

const npx = (...args) => ['npx', ['--no-install', ...args]];

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
  const steps = [
    ['lint', ...npx('eslint', '.')],
    ['format', ...npx('prettier', '--check', '.')],
    ['type-check', 'npm', ['run', '--silent', 'typecheck']],
    ['unit', ...npx('vitest', 'run', '--project', 'unit')],
    ['integration (PGlite)', ...npx('vitest', 'run', '--project', 'integration'), { TEST_DATABASE_URL: '' }],
    ['integration (PostgreSQL)', ...npx('vitest', 'run', '--project', 'integration')],
    ['cluster (PostgreSQL)', ...npx('vitest', 'run', '--project', 'cluster')],
    ['end-to-end', ...npx('playwright', 'test')],
  ];
  const results = [];
  for (const [name, command, args, env] of steps) {
    console.log(`\n━━ ${name} ━━`);
    const started = Date.now();
    const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    results.push({ name, ok: result.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
    // Ctrl-C reaches the running step too; its handlers cannot run while a step holds this loop.
    if (result.signal === 'SIGINT' || result.signal === 'SIGTERM') {
      postgres?.stop();
      return 130;
    }
  }
  postgres?.stop();
  console.log('\n━━ summary ━━');
  for (const r of results) console.log(`${r.ok ? '✓' : '✗'} ${r.name.padEnd(26)} ${r.seconds}s`);
  return results.every((r) => r.ok) ? 0 : 1;
});
