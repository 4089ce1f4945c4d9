/**
 * The daily chart (spec §2 /reports/daily-chart; features/reports/daily-chart-view.tsx) of a report
 * the provider may not read, or that does not exist, says so and leads back to the reports: a
 * Retry there could only fail again.
 */
import { screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { DoctorInfo } from '../../src/shared/api/account';
import type { ReportDetail } from '../../src/shared/api/expert-reports';
import { DailyChartView } from '../../src/app/features/reports/daily-chart-view';
import { Refusal, serveApi } from './fake-api';
import { createTestRuntime, renderWithRuntime } from './test-runtime';

const AMELIA = 100001;

/** Emma Laurent's report in the open pool: Dr. Amelia Hart may open it, not yet read her data. */
const openReport: ReportDetail = {
  reportId: 5,
  title: 'Six-cycle review',
  type: 'CYCLE_ANALYSIS',
  status: 'OPEN',
  memberId: 305,
  memberName: 'Emma Laurent',
  memberAvatar: null,
  memberQuestion: 'Am I ovulating?',
  providerId: null,
  providerName: null,
  mine: false,
  createdAt: '2026-11-20T09:00:00.000Z',
  claimedAt: null,
  completedAt: null,
  savedAt: null,
  content: {
    summary: '',
    categoryIds: [],
    toDoIds: [],
    customToDos: [],
    lifestyleIds: [],
    blogIds: [],
    videoIds: [],
    tagIds: [],
    followUpWeeks: null,
  },
  editable: false,
  categories: [],
  toDos: [],
  lifestyle: [],
  blogs: [],
  videos: [],
  tags: [],
};

function renderChart(reportId: number) {
  const runtime = createTestRuntime();
  runtime.root.session.start('token-of-amelia', { userId: AMELIA } as DoctorInfo);
  return renderWithRuntime(<DailyChartView />, runtime, {
    path: `/reports/daily-chart?reportId=${reportId}`,
  });
}

afterEach(() => vi.unstubAllGlobals());

it('says the provider has no access to the chart, without a retry', async () => {
  serveApi({
    'GET /user/member/expertReport/getByExpertReportId': () => openReport,
    'GET /core/cycle/pc/get/chart/page': () =>
      new Refusal(403, 'FORBIDDEN', 'You cannot read this member’s data'),
  });
  renderChart(5);
  await screen.findByText('You have no access to this daily chart.');
  expect(screen.queryByText('Something went wrong. Please try again.')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  expect(screen.getByRole('link', { name: 'Back to the reports' }).getAttribute('href')).toBe('/reports');
});

it('says the report does not exist, without a retry', async () => {
  // No route answers the report: the fake API's 404, NOT_FOUND.
  serveApi({});
  renderChart(999999);
  await screen.findByText('This report does not exist.');
  expect(screen.queryByText('Something went wrong. Please try again.')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  expect(screen.getByRole('link', { name: 'Back to the reports' }).getAttribute('href')).toBe('/reports');
});
