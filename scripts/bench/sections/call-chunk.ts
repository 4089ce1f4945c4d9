/**
 * docs/calls.md "Size": what a first ring or dial adds to a signed-in page, in brotli — the
 * chunks the lazily loaded call screens import (the calls feature, src/webrtc, simple-peer,
 * webrtc-adapter) that the entry, the signed-in shell and the main layout have not loaded already.
 * Read from the built portal (`dist/portal`); budget 40 KB (issue 13).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { ROOT } from '../../../tests/support/stack';
import type { BenchSection } from '../bench';

const BUDGET = 40 * 1024;
const brotli = (bytes: Uint8Array) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** The chunks a chunk loads with it: its static imports, transitively (dynamic imports are not followed). */
function closure(dir: string, start: string, seen = new Set<string>()): Set<string> {
  if (seen.has(start)) return seen;
  seen.add(start);
  const code = readFileSync(path.join(dir, start), 'utf8');
  for (const match of code.matchAll(/(?:import|from)\s*["']\.\/([\w.-]+\.js)["']/g))
    closure(dir, match[1]!, seen);
  return seen;
}

/** Brotli bytes the call screens add, and the chunks that make them up. */
export function callChunkSize(dist = path.join(ROOT, 'dist/portal')): {
  bytes: number;
  chunks: Array<{ name: string; br: number }>;
} {
  const assets = path.join(dist, 'assets');
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const named = (prefix: string) => {
    const file = files.find((f) => f.startsWith(`${prefix}-`));
    if (!file) throw new Error(`No ${prefix} chunk in ${assets}: build the portal first`);
    return file;
  };
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = /src="\/assets\/([\w.-]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('No entry script in index.html');
  const loaded = new Set<string>();
  for (const start of [entry, named('signed-in-shell'), named('main-layout')]) closure(assets, start, loaded);
  const chunks = [...closure(assets, named('call-host'))]
    .filter((f) => !loaded.has(f))
    .map((name) => ({ name, br: brotli(readFileSync(path.join(assets, name))) }));
  return { bytes: chunks.reduce((sum, c) => sum + c.br, 0), chunks };
}

export const section: BenchSection = {
  name: 'call chunk size',
  runs: { full: 1, quick: 1 },
  runsReason: 'a size does not vary',
  async run({ report, note }) {
    const { bytes, chunks } = callChunkSize();
    const KB = (n: number) => Math.round((n / 1024) * 10) / 10;
    report({
      metric: 'call screens added on first ring, brotli',
      ours: KB(bytes),
      unit: 'KB',
      target: { at: 'most', value: KB(BUDGET), of: 'figure' },
    });
    note(chunks.map((c) => `${c.name} ${KB(c.br)} KB`).join(', '));
  },
};
