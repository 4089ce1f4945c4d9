/**
 * The expert report table (src/server/reports/report-machine.ts): every status × event × actor,
 * and the error code each illegal move answers.
 */
import { describe, expect, it } from 'vitest';
import { EXPERT_REPORT_STATUSES, type ExpertReportStatus } from '../../src/shared/expert-reports';
import {
  IllegalReportMove,
  reportMove,
  type ExpertReportEvent,
  type ReportPosition,
} from '../../src/server/reports/report-machine';

const ME = 1;
const OTHER = 2;
const EVENTS: ExpertReportEvent[] = ['CLAIM', 'DISCLAIM', 'SAVE', 'COMPLETE'];

function at(status: ExpertReportStatus, holder: number | null): ReportPosition {
  return { status, providerId: holder };
}

function codeOf(report: ReportPosition, event: ExpertReportEvent): string {
  try {
    reportMove(report, ME, event);
  } catch (error) {
    if (error instanceof IllegalReportMove) return error.code;
    throw error;
  }
  return 'OK';
}

describe('expert report moves', () => {
  it('claims from the pool and from an assignment, gives back to the pool, saves and completes', () => {
    expect(reportMove(at('OPEN', null), ME, 'CLAIM')).toEqual(at('CLAIMED', ME));
    expect(reportMove(at('ASSIGNED', ME), ME, 'CLAIM')).toEqual(at('CLAIMED', ME));
    expect(reportMove(at('ASSIGNED', ME), ME, 'DISCLAIM')).toEqual(at('OPEN', null));
    expect(reportMove(at('CLAIMED', ME), ME, 'DISCLAIM')).toEqual(at('OPEN', null));
    expect(reportMove(at('CLAIMED', ME), ME, 'SAVE')).toEqual(at('CLAIMED', ME));
    expect(reportMove(at('CLAIMED', ME), ME, 'COMPLETE')).toEqual(at('COMPLETED', ME));
  });

  // Every other combination, with the code the API answers.
  const refused: Array<[ExpertReportStatus, number | null, ExpertReportEvent, string]> = [
    ['OPEN', null, 'DISCLAIM', 'EXPERT_REPORT_NOT_CLAIMED'],
    ['OPEN', null, 'SAVE', 'EXPERT_REPORT_NOT_CLAIMED'],
    ['OPEN', null, 'COMPLETE', 'EXPERT_REPORT_NOT_CLAIMED'],
    ['ASSIGNED', ME, 'SAVE', 'EXPERT_REPORT_NOT_CLAIMED'],
    ['ASSIGNED', ME, 'COMPLETE', 'EXPERT_REPORT_NOT_CLAIMED'],
    ['ASSIGNED', OTHER, 'CLAIM', 'EXPERT_REPORT_NOT_YOURS'],
    ['ASSIGNED', OTHER, 'DISCLAIM', 'EXPERT_REPORT_NOT_YOURS'],
    ['ASSIGNED', OTHER, 'SAVE', 'EXPERT_REPORT_NOT_YOURS'],
    ['ASSIGNED', OTHER, 'COMPLETE', 'EXPERT_REPORT_NOT_YOURS'],
    ['CLAIMED', ME, 'CLAIM', 'EXPERT_REPORT_ALREADY_CLAIMED'],
    ['CLAIMED', OTHER, 'CLAIM', 'EXPERT_REPORT_ALREADY_CLAIMED'],
    ['CLAIMED', OTHER, 'DISCLAIM', 'EXPERT_REPORT_NOT_YOURS'],
    ['CLAIMED', OTHER, 'SAVE', 'EXPERT_REPORT_NOT_YOURS'],
    ['CLAIMED', OTHER, 'COMPLETE', 'EXPERT_REPORT_NOT_YOURS'],
    ...EVENTS.map((e): [ExpertReportStatus, number, ExpertReportEvent, string] => [
      'COMPLETED',
      ME,
      e,
      'EXPERT_REPORT_COMPLETED',
    ]),
    ...EVENTS.map((e): [ExpertReportStatus, number, ExpertReportEvent, string] => [
      'COMPLETED',
      OTHER,
      e,
      'EXPERT_REPORT_NOT_YOURS',
    ]),
  ];

  it.each(refused)('refuses %s (holder %s) + %s with %s', (status, holder, event, code) => {
    expect(codeOf(at(status, holder), event)).toBe(code);
  });

  it('covers every status, event and holder: six moves allowed, the rest refused', () => {
    const holders = (s: ExpertReportStatus) => (s === 'OPEN' ? [null] : [ME, OTHER]);
    const cases = EXPERT_REPORT_STATUSES.flatMap((s) =>
      holders(s).flatMap((h) => EVENTS.map((e) => ({ s, h, e }))),
    );
    const allowed = cases.filter(({ s, h, e }) => codeOf(at(s, h), e) === 'OK');
    expect(allowed.length).toBe(6);
    expect(cases.length - allowed.length).toBe(refused.length);
  });

  it('says what went wrong in words', () => {
    expect(() => reportMove(at('COMPLETED', ME), ME, 'SAVE')).toThrow('A completed report cannot be edited');
    expect(() => reportMove(at('CLAIMED', OTHER), ME, 'CLAIM')).toThrow(
      'Another provider has claimed this report',
    );
  });
});
