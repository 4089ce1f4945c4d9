#!/usr/bin/env node
/**
 * `npm run fuzz [-- --runs N] [-- --seed S]`: the full run of the security fuzzers (docs/security.md
 * "Security suites") against a fresh real stack — FUZZ_RUNS requests to the own API and as many
 * to /qb, a fifth of them as app-socket frames, a tenth as XMPP stanzas, a twentieth as call
 * signals from a stranger into a live call and a tenth as archive queries (XEP-0313). Every
 * surface prints its seed; a failure prints the case and `FUZZ_SEED=…` to replay it.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const env = { ...process.env, FUZZ_RUNS: option('runs') ?? process.env.FUZZ_RUNS ?? '10000' };
const seed = option('seed') ?? process.env.FUZZ_SEED;
if (seed) env.FUZZ_SEED = seed;
console.log(`Fuzzing with FUZZ_RUNS=${env.FUZZ_RUNS}${seed ? ` FUZZ_SEED=${seed}` : ''}`);
const started = Date.now();
const run = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--project',
    'integration',
    'tests/integration/security-fuzz-api.test.ts',
    'tests/integration/security-fuzz-socket.test.ts',
    'tests/integration/security-fuzz-chat.test.ts',
  ],
  { cwd: root, env, stdio: 'inherit' },
);
console.log(`Fuzzing took ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(run.status ?? 1);
