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

export function createReporter(name: string) {
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  return {
    report: (row: BenchRow) => rows.push(row),
    note: (text: string) => notes.push(text),
    print(elapsedMs: number) {
      const table = rows.map((r) => {
        const ratio =
          typeof r.ours === 'number' && typeof r.reference === 'number' && r.reference !== 0
            ? `${(r.ours / r.reference).toFixed(2)}×`
            : '';
        return [
          r.metric,
          `${format(r.ours)} ${r.unit}`,
          r.reference === undefined ? '' : `${format(r.reference)} ${r.unit}`,
          r.referenceName ?? '',
          ratio,
        ];
      });
      const header = ['metric', 'ours', 'reference', 'reference is', 'ours / ref'];
      const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
      const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
      console.log(`\n== ${name} (${(elapsedMs / 1000).toFixed(1)} s)`);
      console.log(line(header));
      console.log(widths.map((w) => '-'.repeat(w)).join('  '));
      for (const row of table) console.log(line(row));
      for (const text of notes) console.log(`  note: ${text}`);
    },
  };
}
