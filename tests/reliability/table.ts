/**
 * The one table `npm run reliability` prints (docs/reliability.md): a row per scenario with its
 * runs, what was lost and duplicated, its timing, and a verdict.
 */

export type Verdict = 'pass' | 'FAIL' | 'skipped';

export interface Row {
  scenario: string;
  runs: number;
  /** Messages (or writes, or red dots) missing at the end; null where the scenario counts none. */
  lost: number | null;
  duplicated: number | null;
  /** e.g. "resume p50 120 ms · p99 340 ms", or "back 1.9 s max". */
  timing: string;
  verdict: Verdict;
  /** Why it failed or was skipped, or what else was seen. */
  note: string;
}

/** The p-th percentile (0–100) by nearest rank; NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function ms(value: number): string {
  if (Number.isNaN(value)) return '—';
  return value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;
}

/** "p50 … · p99 …" of a list of durations. */
export function p50p99(label: string, values: readonly number[]): string {
  return `${label} p50 ${ms(percentile(values, 50))} · p99 ${ms(percentile(values, 99))}`;
}

/** Lost/duplicated of `seen` against the `expected` keys: each expected exactly once. */
export function tally(
  expected: Iterable<string>,
  seen: readonly string[],
): { lost: number; duplicated: number; missing: string[]; doubled: string[] } {
  const counts = new Map<string, number>();
  for (const key of seen) counts.set(key, (counts.get(key) ?? 0) + 1);
  let duplicated = 0;
  const missing: string[] = [];
  const doubled: string[] = [];
  for (const key of expected) {
    const n = counts.get(key) ?? 0;
    if (n === 0) missing.push(key);
    else if (n > 1) {
      duplicated += n - 1;
      doubled.push(key);
    }
  }
  return { lost: missing.length, duplicated, missing, doubled };
}

/** "lost: a, b; doubled: c" for a failure note (the first few of each). */
export function whichOnes(result: { missing: string[]; doubled: string[] }, where: string): string[] {
  const few = (keys: string[]) => keys.slice(0, 4).join(', ') + (keys.length > 4 ? ', …' : '');
  return [
    ...(result.missing.length ? [`lost ${where}: ${few(result.missing)}`] : []),
    ...(result.doubled.length ? [`doubled ${where}: ${few(result.doubled)}`] : []),
  ];
}

const HEADERS = ['scenario', 'runs', 'lost', 'duplicated', 'timing', 'verdict', 'note'] as const;

export function formatTable(rows: readonly Row[]): string {
  const cells = rows.map((r) => [
    r.scenario,
    String(r.runs),
    r.lost === null ? '—' : String(r.lost),
    r.duplicated === null ? '—' : String(r.duplicated),
    r.timing,
    r.verdict,
    r.note,
  ]);
  const widths = HEADERS.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (values: readonly string[]) => `| ${values.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(HEADERS), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join(
    '\n',
  );
}
