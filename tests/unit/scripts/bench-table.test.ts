import { describe, expect, it } from 'vitest';
import { printTable, targetHolds, type SectionResult } from '../../../scripts/bench/bench';

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

  it('prints one table of every section with ratio, target and verdict, then the notes', () => {
    const results: SectionResult[] = [
      {
        name: 'portal size',
        rows: [
          { metric: '/login JS', ours: 130.5, unit: 'KB', target: { at: 'most', value: 120, of: 'figure' } },
        ],
        notes: ['counted as Chromium loads them'],
        elapsedMs: 1200,
        failed: false,
      },
      {
        name: 'xmpp',
        rows: [
          {
            metric: 'round trip p99',
            ours: 9,
            reference: 7,
            referenceName: '@xmpp/client',
            unit: 'ms',
            target: { at: 'most', value: 1.5, of: 'ratio' },
          },
        ],
        notes: [],
        elapsedMs: 3000,
        failed: true,
      },
    ];
    const lines = printTable(results).split('\n');
    expect(lines[0]).toMatch(/^section\s+figure\s+ours\s+reference\s+reference is\s+ratio\s+target\s+holds$/);
    expect(lines[2]).toMatch(/^portal size\s+\/login JS\s+130\.5 KB\s+≤ 120 KB\s+NO$/);
    expect(lines[3]).toMatch(
      /^xmpp\s+round trip p99\s+9 ms\s+7 ms\s+@xmpp\/client\s+1\.29×\s+≤ 1\.5×\s+yes$/,
    );
    expect(lines).toContain('targets holding: 1 of 2');
    expect(lines).toContain('  - counted as Chromium loads them');
    expect(lines).toContain('xmpp (3.0 s) FAILED');
  });
});
