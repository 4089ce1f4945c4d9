#!/usr/bin/env node
/**
 * Generates the app socket codec (src/socket/generated/, never edited by hand, not committed)
 * from proto/*.proto with protobufjs-cli: slim ES-module code without comments, and its typings
 * from a commented run with the same options. Three modules (docs/wire/app-socket.md "Codec"):
 * `app-socket.js`, every message both ways (the broker side of tests, traces); and what a client
 * needs, which is all the browser loads — `client-send.js`, the encoders of `ClientMessage` and
 * what it holds, and `client-receive.js`, the decoders of `ServerMessage` and what it holds.
 * `--if-stale` skips the work when the output is newer than every .proto file (what typecheck,
 * tests and builds call).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PROTO_DIR = path.join(ROOT, 'proto');
const OUT_DIR = path.join(ROOT, 'src/socket/generated');
/** Each module: its file, the messages it keeps (with what they hold), and its own options. */
const MODULES = [
  { name: 'app-socket', messages: null, options: [] },
  { name: 'client-send', messages: ['appsocket.ClientMessage'], options: ['--no-decode', '--no-create'] },
  { name: 'client-receive', messages: ['appsocket.ServerMessage'], options: ['--no-encode', '--no-create'] },
];
const outputs = MODULES.flatMap(({ name }) =>
  [`${name}.js`, `${name}.d.ts`].map((f) => path.join(OUT_DIR, f)),
);
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
  if (!outputs.every((f) => existsSync(f))) return true;
  const built = Math.min(...outputs.map((f) => statSync(f).mtimeMs));
  const sources = [...protoFiles, fileURLToPath(import.meta.url)];
  return sources.some((f) => statSync(f).mtimeMs > built);
}

export function generate(outDir = OUT_DIR) {
  mkdirSync(outDir, { recursive: true });
  for (const { name, messages, options } of MODULES) {
    const outJs = path.join(outDir, `${name}.js`);
    const filter = messages && path.join(outDir, `${name}.filter.json`);
    if (filter) writeFileSync(filter, JSON.stringify({ messageNames: messages }));
    const run = (args) =>
      execFileSync(
        process.execPath,
        [
          PBJS,
          ...OPTIONS,
          ...options,
          '-r',
          name,
          ...(filter ? ['--filter', filter] : []),
          ...args,
          ...protoFiles,
        ],
        { stdio: 'inherit' },
      );
    try {
      // The typings come from the JSDoc of a commented run; the shipped code has no comments.
      run(['-d', '-o', outJs]);
      run(['--no-comments', '-o', outJs]);
    } finally {
      if (filter) rmSync(filter);
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--if-stale') && !isStale()) process.exit(0);
  generate();
  console.log(
    `Generated ${MODULES.map(({ name }) => `${name}.js`).join(', ')} in ${path.relative(ROOT, OUT_DIR)} and their typings from ${protoFiles.length} .proto files`,
  );
}
