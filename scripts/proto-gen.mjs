#!/usr/bin/env node
/**
 * Generates the app socket codec (src/socket/generated/, never edited by hand, not committed)
 * from proto/*.proto with protobufjs-cli: slim ES-module code without comments, and its typings
 * from a commented run with the same options. `--if-stale` skips the work when the output is
 * newer than every .proto file (what typecheck, tests and builds call).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PROTO_DIR = path.join(ROOT, 'proto');
const OUT_DIR = path.join(ROOT, 'src/socket/generated');
const OUT_JS = path.join(OUT_DIR, 'app-socket.js');
const OUT_DTS = path.join(OUT_DIR, 'app-socket.d.ts');
const PBJS = path.join(ROOT, 'node_modules/protobufjs-cli/bin/pbjs');

// int64 as numbers (ids and epoch milliseconds stay below 2^53); only what the codec uses.
const OPTIONS = [
  '-t',
  'static-module',
  '-w',
  'esm',
  '--force-number',
  '--no-verify',
  '--no-convert',
  '--no-delimited',
  '--no-typeurl',
  '--no-service',
  '--dependency',
  'protobufjs/minimal.js',
  '-p',
  PROTO_DIR,
];

const protoFiles = readdirSync(PROTO_DIR)
  .filter((f) => f.endsWith('.proto'))
  .sort()
  .map((f) => path.join(PROTO_DIR, f));

function isStale() {
  if (!existsSync(OUT_JS) || !existsSync(OUT_DTS)) return true;
  const built = Math.min(statSync(OUT_JS).mtimeMs, statSync(OUT_DTS).mtimeMs);
  const sources = [...protoFiles, fileURLToPath(import.meta.url)];
  return sources.some((f) => statSync(f).mtimeMs > built);
}

export function generate(outJs = OUT_JS) {
  mkdirSync(path.dirname(outJs), { recursive: true });
  const run = (args) =>
    execFileSync(process.execPath, [PBJS, ...OPTIONS, ...args, ...protoFiles], { stdio: 'inherit' });
  // The typings come from the JSDoc of a commented run; the shipped code has no comments.
  run(['-d', '-o', outJs]);
  run(['--no-comments', '-o', outJs]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--if-stale') && !isStale()) process.exit(0);
  generate();
  console.log(
    `Generated ${path.relative(ROOT, OUT_JS)} and its typings from ${protoFiles.length} .proto files`,
  );
}
