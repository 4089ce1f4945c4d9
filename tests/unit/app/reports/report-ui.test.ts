/** Pure pieces of the report screens: which paths need report access, and when editor content changed. */
import { describe, expect, it } from 'vitest';
import { isReportPath } from '../../../../src/app/api/report-access';
import { sameContent } from '../../../../src/app/features/reports/draft-store';
import { ReportContent } from '../../../../src/shared/api/expert-reports';

describe('isReportPath (spec §2: any path containing report)', () => {
  it('covers the report routes and nothing else', () => {
    expect(isReportPath('/reports')).toBe(true);
    expect(isReportPath('/reports/daily-chart')).toBe(true);
    expect(isReportPath('/Reports/Detail')).toBe(true);
    expect(isReportPath('/Dashboard/Dashboard')).toBe(false);
    expect(isReportPath('/orders/detail')).toBe(false);
  });
});

describe('sameContent', () => {
  const base = ReportContent.parse({ summary: 'Ovulation on day 19.', categoryIds: [2, 6], toDoIds: [3, 1] });
  it('ignores the order of chosen items and surrounding blanks', () => {
    expect(
      sameContent(base, {
        ...base,
        categoryIds: [6, 2],
        toDoIds: [1, 3],
        summary: ' Ovulation on day 19.\n',
      }),
    ).toBe(true);
  });
  it('sees every real change', () => {
    expect(sameContent(base, { ...base, summary: 'Ovulation on day 20.' })).toBe(false);
    expect(sameContent(base, { ...base, blogIds: [1] })).toBe(false);
    expect(sameContent(base, { ...base, customToDos: ['Bring your charts.'] })).toBe(false);
    expect(sameContent(base, { ...base, followUpWeeks: 12 })).toBe(false);
    expect(sameContent(base, { ...base, categoryIds: [2, 10] })).toBe(false);
  });
});
