/**
 * The fault suite's counting (docs/reliability.md): nearest-rank percentiles, lost and duplicated
 * against what was expected exactly once, and the one table it prints.
 */
import { describe, expect, it } from 'vitest';
import { formatTable, p50p99, percentile, tally, whichOnes } from '../reliability/table';

describe('the fault suite table', () => {
  it('takes nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
    expect(p50p99('resume', [200, 400])).toBe('resume p50 200 ms · p99 400 ms');
  });

  it('counts each expected key missing as lost and each extra copy as duplicated', () => {
    const result = tally(['a', 'b', 'c'], ['a', 'a', 'a', 'c', 'x']);
    expect(result).toEqual({ lost: 1, duplicated: 2, missing: ['b'], doubled: ['a'] });
    expect(whichOnes(result, 'at the member')).toEqual(['lost at the member: b', 'doubled at the member: a']);
  });

  it('prints one aligned row per scenario', () => {
    const table = formatTable([
      { scenario: 'drops', runs: 100, lost: 0, duplicated: 0, timing: 'p50 1 ms', verdict: 'pass', note: '' },
      {
        scenario: 'postgres',
        runs: 0,
        lost: null,
        duplicated: null,
        timing: '—',
        verdict: 'skipped',
        note: 'no binaries',
      },
    ]).split('\n');
    expect(table).toHaveLength(4);
    expect(new Set(table.map((line) => line.length)).size).toBe(1);
    expect(table[3]).toContain('| —    | —          |');
  });
});
