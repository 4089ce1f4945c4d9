/** Schedule input rules: hours hold a consultation, nothing overlaps, overrides are not in the past. */
import { describe, expect, it } from 'vitest';
import { validateOverrides, validateWeekly } from '../../src/server/schedule/validate';

describe('validateWeekly', () => {
  it('accepts separate and touching hours', () => {
    expect(
      validateWeekly(
        [
          { weekday: 1, startMinute: 540, endMinute: 720 },
          { weekday: 1, startMinute: 720, endMinute: 780 },
          { weekday: 2, startMinute: 540, endMinute: 720 },
        ],
        45,
      ),
    ).toEqual([]);
  });

  it('refuses reversed, too short and overlapping hours, naming the slot', () => {
    expect(validateWeekly([{ weekday: 1, startMinute: 600, endMinute: 540 }], 45)[0]).toMatchObject({
      field: 'weekly.0',
      message: 'The end must be after the start',
    });
    expect(validateWeekly([{ weekday: 1, startMinute: 540, endMinute: 570 }], 45)[0]?.message).toMatch(
      /at least one 45-minute/,
    );
    const clash = validateWeekly(
      [
        { weekday: 3, startMinute: 540, endMinute: 720 },
        { weekday: 3, startMinute: 700, endMinute: 800 },
      ],
      45,
    );
    expect(clash).toEqual([
      { field: 'weekly.1', message: 'Overlaps other hours on the same day (weekly.0)' },
    ]);
  });
});

describe('validateOverrides', () => {
  const today = '2026-03-20';

  it('accepts a day off and extra hours on other dates', () => {
    expect(
      validateOverrides(
        [
          { date: '2026-03-21', kind: 'DAY_OFF', startMinute: null, endMinute: null },
          { date: '2026-03-22', kind: 'EXTRA', startMinute: 600, endMinute: 720 },
        ],
        [],
        45,
        today,
      ),
    ).toEqual([]);
  });

  it('refuses the past, duplicates and a day off mixed with extra hours', () => {
    const existing = [{ date: '2026-03-21', kind: 'DAY_OFF' as const, startMinute: null, endMinute: null }];
    const problems = validateOverrides(
      [
        { date: '2026-03-19', kind: 'DAY_OFF', startMinute: null, endMinute: null },
        { date: '2026-03-21', kind: 'DAY_OFF', startMinute: null, endMinute: null },
        { date: '2026-03-21', kind: 'EXTRA', startMinute: 600, endMinute: 720 },
        { date: '2026-03-22', kind: 'EXTRA', startMinute: null, endMinute: null },
      ],
      existing,
      45,
      today,
    );
    expect(problems.map((p) => [p.field, p.message])).toEqual([
      ['overrides.0', 'The date is in the past'],
      ['overrides.1', 'This date is already a day off'],
      ['overrides.2', 'This date is a day off'],
      ['overrides.3', 'Extra hours need a start and an end'],
    ]);
  });

  it('refuses overlapping extra hours on one date', () => {
    const problems = validateOverrides(
      [
        { date: '2026-03-22', kind: 'EXTRA', startMinute: 600, endMinute: 720 },
        { date: '2026-03-22', kind: 'EXTRA', startMinute: 700, endMinute: 800 },
      ],
      [],
      45,
      today,
    );
    expect(problems).toEqual([{ field: 'overrides.1', message: 'Overlaps other extra hours on this date' }]);
  });
});
