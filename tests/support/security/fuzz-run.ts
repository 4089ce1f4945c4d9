/**
 * Runs a fuzz property with a printed, replayable seed (`FUZZ_SEED=…`) and `FUZZ_RUNS` requests,
 * counts what came back, and prints one line of figures (docs/security.md "Security suites").
 */
import fc from 'fast-check';
import { expect } from 'vitest';

export interface FuzzFigures {
  surface: string;
  seed: number;
  runs: number;
  statuses: Record<string, number>;
  failures: string[];
  ms: number;
}

/** Runs per surface: `FUZZ_RUNS` scaled by `share` (a full run sets FUZZ_RUNS=10000). */
export function fuzzRuns(share: number, fallback: number): number {
  const total = Number(process.env.FUZZ_RUNS);
  return Number.isFinite(total) && total > 0 ? Math.max(1, Math.round(total * share)) : fallback;
}

export function fuzzSeed(): number {
  const given = Number(process.env.FUZZ_SEED);
  return Number.isInteger(given) ? given : Math.floor(Math.random() * 2 ** 31);
}

/**
 * Checks every generated case with `attempt`, which answers a problem or null; stops at the first
 * problem and prints the case and the seed that replays it.
 */
export async function fuzz<T>(
  surface: string,
  arbitrary: fc.Arbitrary<T>,
  runs: number,
  attempt: (value: T, figures: FuzzFigures) => Promise<string | null>,
  describe: (value: T) => string,
): Promise<FuzzFigures> {
  const seed = fuzzSeed();
  const figures: FuzzFigures = { surface, seed, runs, statuses: {}, failures: [], ms: 0 };
  console.log(`[fuzz] ${surface}: FUZZ_SEED=${seed} FUZZ_RUNS=${runs}`);
  const started = performance.now();
  const result = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      const problem = await attempt(value, figures);
      if (problem) figures.failures.push(`${describe(value)}: ${problem}`);
      return problem === null;
    }),
    { seed, numRuns: runs, endOnFailure: true },
  );
  figures.ms = Math.round(performance.now() - started);
  if (result.failed && figures.failures.length === 0) {
    figures.failures.push(`${describe(result.counterexample![0])}: threw ${String(result.errorInstance)}`);
  }
  if (result.failed) {
    console.log(
      `[fuzz] ${surface} FAILED after ${result.numRuns} runs — replay with FUZZ_SEED=${seed}\n${figures.failures.join('\n')}`,
    );
  } else {
    const statuses = Object.entries(figures.statuses)
      .sort()
      .map(([k, n]) => `${k}×${n}`)
      .join(' ');
    console.log(`[fuzz] ${surface}: ${runs} cases, 0 failures, ${figures.ms} ms (seed ${seed}) ${statuses}`);
  }
  return figures;
}

export function count(figures: FuzzFigures, key: string | number) {
  figures.statuses[key] = (figures.statuses[key] ?? 0) + 1;
}

/** A random client address per request, so per-address rate limits do not answer everything. */
export function someAddress(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * Fails with every failing case and the seed that replays it in the assertion's own message, so a
 * CI log's summary line and a layer's JSON report name the request, not just an array's length.
 */
export function expectNoFailures(figures: FuzzFigures): void {
  const replay = `${figures.surface}: replay with FUZZ_SEED=${figures.seed} FUZZ_RUNS=${figures.runs}`;
  expect(figures.failures, `${replay}\n${figures.failures.join('\n')}`).toEqual([]);
}
