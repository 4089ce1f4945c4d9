// `npm test`: the same bootstrap as `npm start` plus Chromium, then every layer: lint, type-check,
// unit, integration (PGlite, and PostgreSQL too when TEST_DATABASE_URL is set) and end-to-end.
// Every layer runs even when an earlier one fails; the summary says which failed.
import { spawnSync } from 'node:child_process';
import { bootstrap, ROOT, runMain } from './lib/bootstrap.mjs';

const npx = (...args) => ['npx', ['--no-install', ...args]];

await runMain(async () => {
  bootstrap({ chromium: true, build: true });
  const steps = [
    ['lint', ...npx('eslint', '.')],
    ['format', ...npx('prettier', '--check', '.')],
    ['type-check', 'npm', ['run', '--silent', 'typecheck']],
    ['unit', ...npx('vitest', 'run', '--project', 'unit')],
    ['integration (PGlite)', ...npx('vitest', 'run', '--project', 'integration'), { TEST_DATABASE_URL: '' }],
    ...(process.env.TEST_DATABASE_URL
      ? [['integration (PostgreSQL)', ...npx('vitest', 'run', '--project', 'integration')]]
      : []),
    ['end-to-end', ...npx('playwright', 'test')],
  ];
  const results = [];
  for (const [name, command, args, env] of steps) {
    console.log(`\n━━ ${name} ━━`);
    const started = Date.now();
    const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    results.push({ name, ok: result.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
  }
  console.log('\n━━ summary ━━');
  for (const r of results) console.log(`${r.ok ? '✓' : '✗'} ${r.name.padEnd(26)} ${r.seconds}s`);
  return results.every((r) => r.ok) ? 0 : 1;
});
