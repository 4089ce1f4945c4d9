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

/** What a section's `setup` gets: the stack and the section's notes, no figures. */
export interface BenchSetupContext {
  stack: TestStack;
  note(text: string): void;
}

export interface BenchContext extends BenchSetupContext {
  report(row: BenchRow): void;
  /** This run's number, from 1, and how many the section gets (docs/performance.md "Runs"). */
  run: number;
  runs: number;
}

/** How many times a section runs: in a full bench and with `--quick`. */
export interface BenchRuns {
  full: number;
  quick: number;
}

/**
 * A section of the bench (docs/architecture.md §4): `run` measures once and is called once per
 * run; what the runs share and need not be measured (seeded data, an untimed first start) goes in
 * `setup`, whose value every run gets, and is undone by `teardown`.
 */
export interface BenchSection<Shared = void> {
  name: string;
  /** Runs of this section; the bench's default (`DEFAULT_RUNS`) when absent. */
  runs?: BenchRuns;
  /** Why the section's runs differ from the default, for the notes (e.g. "sizes do not vary"). */
  runsReason?: string;
  setup?(ctx: BenchSetupContext): Promise<Shared>;
  run(ctx: BenchContext, shared: Shared): Promise<void>;
  teardown?(shared: Shared): Promise<void>;
}

/**
 * Runs of a section unless it says otherwise: five (the worst of five is what a target must
 * survive, issue 28); one with `--quick`, which is for a look while working and must stay under
 * three minutes in all (docs/performance.md "Quick mode").
 */
export const DEFAULT_RUNS: BenchRuns = { full: 5, quick: 1 };

/** The value at quantile q (0..1) of a sample, by nearest rank. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

/** ours / reference when both are numbers and the reference is not zero. */
export const ratioOf = (row: BenchRow): number | undefined =>
  typeof row.ours === 'number' && typeof row.reference === 'number' && row.reference !== 0
    ? row.ours / row.reference
    : undefined;

/** The number a row's target is judged on (the figure or the ratio), or undefined. */
export function measuredOf(row: BenchRow): number | undefined {
  if (!row.target) return undefined;
  const measured =
    row.target.of === 'ratio' ? ratioOf(row) : typeof row.ours === 'number' ? row.ours : undefined;
  return measured === undefined || Number.isNaN(measured) ? undefined : measured;
}

/** Whether `measured` meets `target`. */
export const meets = (target: BenchTarget, measured: number): boolean =>
  target.at === 'most' ? measured <= target.value : measured >= target.value;

/** Whether the row's target holds: true, false, or undefined when it has none or no number. */
export function targetHolds(row: BenchRow): boolean | undefined {
  const measured = measuredOf(row);
  return measured === undefined ? undefined : meets(row.target!, measured);
}

/** Collects one run's rows and notes. */
export function createReporter() {
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  return {
    rows,
    notes,
    report: (row: BenchRow) => rows.push(row),
    note: (text: string) => notes.push(text),
  };
}
