// How `npm test` splits the end-to-end files between its shards (docs/testing.md "How the layers
// share the machine"): by how long each file took, not by how many tests it has, as Playwright's
// own `--shard` does, which gave one shard 6 minutes and the other 10.5. The durations are a
// committed record (tests/e2e/durations.json, seconds a file took on a quiet two-core machine); a file
// it does not list counts as the median of those it does. Every file is in exactly one shard.
// Plain Node.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The spec files under `dir`, relative to `root`, sorted. */
export function e2eFiles(root, dir = 'tests/e2e') {
  return readdirSync(path.join(root, dir))
    .filter((name) => name.endsWith('.spec.ts'))
    .sort()
    .map((name) => `${dir}/${name}`);
}

/**
 * `files` in `count` groups of about equal time: the longest file first, each to the group with
 * the least time so far. `seconds` maps a file's base name to its recorded duration.
 */
export function balanceShards(files, seconds, count) {
  const known = Object.values(seconds).sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)] : 1;
  const cost = (file) => seconds[path.basename(file)] ?? median;
  const shards = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
  for (const file of [...files].sort((a, b) => cost(b) - cost(a) || a.localeCompare(b))) {
    const lightest = shards.reduce((min, shard) => (shard.seconds < min.seconds ? shard : min));
    lightest.files.push(file);
    lightest.seconds += cost(file);
  }
  for (const shard of shards) shard.files.sort();
  return shards;
}

/** The recorded durations at `file`, or none when it is missing or unreadable. */
export function readDurations(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}

/** Playwright's filter for exactly `file` (its arguments are regular expressions on the path). */
export const exactFile = (file) => `${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
