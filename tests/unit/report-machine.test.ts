/** The expert report lifecycle: claim, give back and complete only where the table allows. */
import { describe, expect, it } from 'vitest';
import { IllegalReportTransition, reportTransition } from '../../src/server/reports/report-machine';

describe('expert report transitions', () => {
  it('moves an assigned report through claim, give-back and completion', () => {
    expect(reportTransition('ASSIGNED', 'CLAIM')).toBe('CLAIMED');
    expect(reportTransition('CLAIMED', 'DISCLAIM')).toBe('ASSIGNED');
    expect(reportTransition('CLAIMED', 'COMPLETE')).toBe('COMPLETED');
  });

  it.each([
    ['ASSIGNED', 'DISCLAIM'],
    ['ASSIGNED', 'COMPLETE'],
    ['CLAIMED', 'CLAIM'],
    ['COMPLETED', 'CLAIM'],
    ['COMPLETED', 'DISCLAIM'],
    ['COMPLETED', 'COMPLETE'],
  ] as const)('refuses %s + %s', (from, event) => {
    expect(() => reportTransition(from, event)).toThrow(IllegalReportTransition);
  });

  it('says what went wrong in words', () => {
    expect(() => reportTransition('ASSIGNED', 'COMPLETE')).toThrow('Only a claimed report can be completed');
  });
});
