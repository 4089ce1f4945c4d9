import { describe, expect, it } from 'vitest';
import { targetHolds, type BenchRow } from '../../../scripts/bench/bench';
import { combineNotes, combineRuns, type SectionResult } from '../../../scripts/bench/spread';
import { formatSpread, printTable } from '../../../scripts/bench/table';

const p99 = (ours: number, reference: number): BenchRow => ({
  metric: 'round trip p99',
  ours,
  reference,
  referenceName: '@xmpp/client',
  unit: 'ms',
  target: { at: 'most', value: 1.5, of: 'ratio' },
});

const run = (rows: BenchRow[], load1: number) => ({ rows, notes: [], load1, elapsedMs: 1000, failed: false });

describe('the bench table (docs/architecture.md §4)', () => {
  it('judges a target on the figure or on the ratio to the reference', () => {
    expect(
      targetHolds({ metric: 'a', ours: 110, unit: 'KB', target: { at: 'most', value: 120, of: 'figure' } }),
    ).toBe(true);
    expect(
      targetHolds({ metric: 'a', ours: 130, unit: 'KB', target: { at: 'most', value: 120, of: 'figure' } }),
    ).toBe(false);
    const read = { metric: 'r', ours: 850, reference: 1000, unit: 'req/s' };
    expect(targetHolds({ ...read, target: { at: 'least', value: 0.9, of: 'ratio' } })).toBe(false);
    expect(targetHolds({ ...read, ours: 950, target: { at: 'least', value: 0.9, of: 'ratio' } })).toBe(true);
    expect(
      targetHolds({ metric: 'n', ours: 'n/a', unit: '', target: { at: 'most', value: 0, of: 'figure' } }),
    ).toBeUndefined();
    expect(targetHolds(read)).toBeUndefined();
  });

  it('folds the runs into min / median / max and judges the target on the worst run', () => {
    const [row] = combineRuns([[p99(12, 10)], [p99(11, 10)], [p99(16, 10)]]);
    expect(row!.ours).toEqual({ min: 11, median: 12, max: 16, n: 3 });
    expect(row!.reference).toEqual({ min: 10, median: 10, max: 10, n: 3 });
    expect(row!.ratio!.max).toBeCloseTo(1.6);
    // Two runs of three within 1.5×, the third not: the target does not hold.
    expect(row!.worst).toBeCloseTo(1.6);
    expect(row!.holds).toBe(false);

    const least = (ours: number): BenchRow => ({
      metric: 'burst',
      ours,
      unit: 'msg/s',
      target: { at: 'least', value: 1000, of: 'figure' },
    });
    const [burst] = combineRuns([[least(1200)], [least(990)], [least(1500)]]);
    expect(burst!.worst).toBe(990);
    expect(burst!.holds).toBe(false);
  });

  it('keeps figures apart by what they are compared with, and texts as texts', () => {
    const rows = (n: number): BenchRow[] => [
      { metric: 'read', ours: n, reference: 2 * n, referenceName: 'floor', unit: 'req/s' },
      { metric: 'read', ours: n, reference: 3 * n, referenceName: 'bare route', unit: 'req/s' },
      { metric: 'resumed', ours: 'n/a', unit: 'ms' },
    ];
    const combined = combineRuns([rows(10), rows(20)]);
    expect(combined.map((r) => r.referenceName ?? '')).toEqual(['floor', 'bare route', '']);
    expect(combined[1]!.reference).toEqual({ min: 30, median: 30, max: 60, n: 2 });
    expect(combined[2]!.ours).toBe('n/a');
    expect(combined[2]!.holds).toBeUndefined();
  });

  it('prints a note every run wrote once, and the others under their run', () => {
    expect(
      combineNotes([
        ['method', 'ours: 1 2'],
        ['method', 'ours: 3 4'],
      ]),
    ).toEqual(['method', 'run 1: ours: 1 2', 'run 2: ours: 3 4']);
    expect(combineNotes([['only run']])).toEqual(['only run']);
  });

  it('prints one table with spreads, the worst run and the verdict, then each section with its load', () => {
    const results: SectionResult[] = [
      {
        name: 'route sizes',
        runs: [
          run(
            [
              {
                metric: '/login JS',
                ours: 130.5,
                unit: 'KB',
                target: { at: 'most', value: 120, of: 'figure' },
              },
            ],
            2.5,
          ),
        ],
        rows: [],
        notes: ['counted as Chromium loads them'],
        elapsedMs: 1200,
        failed: false,
        runsReason: 'a size does not vary',
      },
      {
        name: 'xmpp',
        runs: [run([p99(9, 7)], 3.1), run([p99(10, 7)], 4.4), run([p99(8, 7)], 5.0)],
        rows: [],
        notes: [],
        elapsedMs: 3000,
        failed: true,
      },
    ];
    for (const result of results) result.rows = combineRuns(result.runs.map((r) => r.rows));
    const lines = printTable(results, ['busy core: on']).split('\n');
    expect(lines[0]).toBe('busy core: on');
    expect(lines[2]).toMatch(
      /^section\s+figure\s+ours \(min \/ median \/ max\)\s+reference\s+reference is\s+ratio\s+target\s+worst run\s+holds$/,
    );
    expect(lines[4]).toMatch(/^route sizes\s+\/login JS\s+130\.5 KB\s+≤ 120 KB\s+130\.5 KB\s+NO$/);
    expect(lines[5]).toMatch(
      /^xmpp\s+round trip p99\s+8 \/ 9 \/ 10 ms\s+7 ms\s+@xmpp\/client\s+1\.14 \/ 1\.29 \/ 1\.43×\s+≤ 1\.5×\s+1\.43×\s+yes$/,
    );
    expect(lines).toContain('targets holding in every run: 1 of 2');
    expect(lines).toContain('route sizes: 1 run (a size does not vary), 1.2 s, load average (1 min) 2.5');
    expect(lines).toContain('  - counted as Chromium loads them');
    expect(lines).toContain('xmpp: 3 runs, 3.0 s, load average (1 min) 3.1 / 4.4 / 5.0 FAILED');
  });

  it('shows one value when every run gave it', () => {
    expect(formatSpread({ min: 4, median: 4, max: 4, n: 5 }, 'KB')).toBe('4 KB');
    expect(formatSpread({ min: 1.04, median: 1.2, max: 1.55, n: 5 }, '', 2)).toBe('1.04 / 1.20 / 1.55');
  });
});
