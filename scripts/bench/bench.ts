/** The contract between the benchmark runner and its sections, and small statistics helpers. */
import type { TestStack } from '../../tests/support/stack';

/** One printed figure: ours next to its reference, with the ratio when both are numbers. */
export interface BenchRow {
  metric: string;
  ours: number | string;
  reference?: number | string;
  /** What the reference is (e.g. "@xmpp/client", "target"). */
  referenceName?: string;
  unit: string;
  /** What must hold (issue 16's targets), on the figure itself or on ours / reference. */
  target?: BenchTarget;
}

/** "at most 120 KB" on the figure, or "at least 0.9×" on the ratio to the reference. */
export interface BenchTarget {
  at: 'most' | 'least';
  value: number;
  of: 'figure' | 'ratio';
}

export interface BenchContext {
  stack: TestStack;
  report(row: BenchRow): void;
  note(text: string): void;
}

export interface BenchSection {
  name: string;
  run(ctx: BenchContext): Promise<void>;
}

/** The value at quantile q (0..1) of a sample, by nearest rank. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

const format = (value: number | string | undefined) =>
  value === undefined
    ? ''
    : typeof value === 'number'
      ? Number.isInteger(value)
        ? String(value)
        : value.toFixed(1)
      : value;

const ratioOf = (row: BenchRow): number | undefined =>
  typeof row.ours === 'number' && typeof row.reference === 'number' && row.reference !== 0
    ? row.ours / row.reference
    : undefined;

/** Whether the row's target holds: true, false, or undefined when it has none or no number. */
export function targetHolds(row: BenchRow): boolean | undefined {
  if (!row.target) return undefined;
  const measured =
    row.target.of === 'ratio' ? ratioOf(row) : typeof row.ours === 'number' ? row.ours : undefined;
  if (measured === undefined || Number.isNaN(measured)) return undefined;
  return row.target.at === 'most' ? measured <= row.target.value : measured >= row.target.value;
}

function describeTarget(row: BenchRow): string {
  if (!row.target) return '';
  const sign = row.target.at === 'most' ? '≤' : '≥';
  return row.target.of === 'ratio'
    ? `${sign} ${row.target.value}×`
    : `${sign} ${format(row.target.value)} ${row.unit}`;
}

export interface SectionResult {
  name: string;
  rows: BenchRow[];
  notes: string[];
  elapsedMs: number;
  failed: boolean;
}

export function createReporter(name: string) {
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  return {
    report: (row: BenchRow) => rows.push(row),
    note: (text: string) => notes.push(text),
    result: (elapsedMs: number, failed: boolean): SectionResult => ({ name, rows, notes, elapsedMs, failed }),
  };
}

/**
 * The bench's one table (docs/architecture.md §4): every figure of every section with its
 * reference, the ratio, the target and whether it holds; the sections' notes (methods, caveats)
 * follow it.
 */
export function printTable(results: SectionResult[]): string {
  const header = ['section', 'figure', 'ours', 'reference', 'reference is', 'ratio', 'target', 'holds'];
  const table: string[][] = [];
  for (const result of results)
    for (const r of result.rows) {
      const ratio = ratioOf(r);
      const holds = targetHolds(r);
      table.push([
        result.name,
        r.metric,
        `${format(r.ours)} ${r.unit}`,
        r.reference === undefined ? '' : `${format(r.reference)} ${r.unit}`,
        r.referenceName ?? '',
        ratio === undefined ? '' : `${ratio.toFixed(2)}×`,
        describeTarget(r),
        holds === undefined ? '' : holds ? 'yes' : 'NO',
      ]);
    }
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const out = [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...table.map(line)];
  const targets = results.flatMap((r) => r.rows).filter((r) => targetHolds(r) !== undefined);
  out.push('', `targets holding: ${targets.filter((r) => targetHolds(r)).length} of ${targets.length}`);
  for (const result of results) {
    out.push(
      '',
      `${result.name} (${(result.elapsedMs / 1000).toFixed(1)} s)${result.failed ? ' FAILED' : ''}`,
    );
    for (const text of result.notes) out.push(`  - ${text}`);
  }
  return out.join('\n');
}
