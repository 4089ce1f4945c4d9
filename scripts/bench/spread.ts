/**
 * A section's runs folded into one row per figure (docs/performance.md "Runs"): ours, the
 * reference and the ratio as min / median / max over the runs, and the target judged on the worst
 * run — a target holds only when it holds in every run.
 */
import { measuredOf, meets, quantile, ratioOf, type BenchRow, type BenchTarget } from './bench';

export interface Spread {
  min: number;
  median: number;
  max: number;
  /** How many values. */
  n: number;
}

/** One run of a section as the runner recorded it. */
export interface RunRecord {
  rows: BenchRow[];
  notes: string[];
  /** The machine's 1-minute load average when the run ended. */
  load1: number;
  elapsedMs: number;
  failed: boolean;
}

export interface SpreadRow {
  metric: string;
  unit: string;
  referenceName?: string;
  target?: BenchTarget;
  /** A spread of numbers, or the distinct texts a row gave (e.g. "n/a"). */
  ours: Spread | string;
  reference?: Spread | string;
  ratio?: Spread;
  /** The value the target is judged on (figure or ratio) in the run where it was worst. */
  worst?: number;
  holds?: boolean;
  /** Runs that reported this figure. */
  runs: number;
}

export interface SectionResult {
  name: string;
  runs: RunRecord[];
  rows: SpreadRow[];
  notes: string[];
  /** Set-up and every run. */
  elapsedMs: number;
  failed: boolean;
  /** Why the section has the runs it has, when not the default. */
  runsReason?: string;
}

/** min / median (nearest rank) / max of the numbers, or undefined when there are none. */
export function spreadOf(values: number[]): Spread | undefined {
  const numbers = values.filter((v) => !Number.isNaN(v));
  if (numbers.length === 0) return undefined;
  return {
    min: Math.min(...numbers),
    median: quantile(numbers, 0.5),
    max: Math.max(...numbers),
    n: numbers.length,
  };
}

function spreadOrText(values: Array<number | string>): Spread | string {
  if (values.every((v) => typeof v === 'number')) {
    const spread = spreadOf(values);
    if (spread) return spread;
  }
  return [...new Set(values.map(String))].join(' / ');
}

/** A row's identity across runs: its figure, what it is compared with, and its place among equals. */
function keysOf(rows: BenchRow[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const base = `${row.metric}\u0000${row.referenceName ?? ''}`;
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return `${base}\u0000${count}`;
  });
}

/** One row per figure over the runs, in the order the figures first appeared. */
export function combineRuns(runs: BenchRow[][]): SpreadRow[] {
  const groups = new Map<string, BenchRow[]>();
  for (const rows of runs) {
    const keys = keysOf(rows);
    rows.forEach((row, i) => {
      const group = groups.get(keys[i]!);
      if (group) group.push(row);
      else groups.set(keys[i]!, [row]);
    });
  }
  return [...groups.values()].map((rows) => {
    const first = rows[0]!;
    const references = rows.flatMap((r) => (r.reference === undefined ? [] : [r.reference]));
    const ratios = rows.flatMap((r) => {
      const ratio = ratioOf(r);
      return ratio === undefined ? [] : [ratio];
    });
    const measured = rows.flatMap((r) => {
      const m = measuredOf(r);
      return m === undefined ? [] : [m];
    });
    const target = first.target;
    const worst =
      target && measured.length > 0
        ? target.at === 'most'
          ? Math.max(...measured)
          : Math.min(...measured)
        : undefined;
    return {
      metric: first.metric,
      unit: first.unit,
      ...(first.referenceName === undefined ? {} : { referenceName: first.referenceName }),
      ...(target ? { target } : {}),
      ours: spreadOrText(rows.map((r) => r.ours)),
      ...(references.length > 0 ? { reference: spreadOrText(references) } : {}),
      ...(ratios.length > 0 ? { ratio: spreadOf(ratios)! } : {}),
      ...(worst === undefined ? {} : { worst, holds: meets(target!, worst) }),
      runs: rows.length,
    };
  });
}

/**
 * The runs' notes: a note every run wrote alike once, the others under the run that wrote them
 * ("run 2: …"), in the order they were written.
 */
export function combineNotes(runs: string[][]): string[] {
  if (runs.length === 1) return [...runs[0]!];
  const everywhere = (text: string) => runs.every((notes) => notes.includes(text));
  const out: string[] = [];
  const printed = new Set<string>();
  runs.forEach((notes, i) => {
    for (const text of notes) {
      if (!everywhere(text)) out.push(`run ${i + 1}: ${text}`);
      else if (!printed.has(text)) {
        printed.add(text);
        out.push(text);
      }
    }
  });
  return out;
}
