/**
 * The report screen asks for the editor's lists beside the report (features/reports/queries.ts
 * `usePrefetchCatalogue`; docs/performance.md "The editor's lists beside the report"): on
 * /reports/detail the findings, steps and lifestyle lists are requested while the report's own
 * answer is still on its way, not once it has come; /reports/review, which never edits, does not ask.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DoctorInfo } from '../../src/shared/api/account';
import { ReportScreen } from '../../src/app/features/reports/report-screen';
import { serveApi } from './fake-api';
import { createTestRuntime, RuntimeProviders, type TestRuntime } from './test-runtime';

const AMELIA = 100001;
const CATALOGUE = [
  'GET /user/member/expertReport/getCategoryList',
  'GET /user/member/expertReport/getToDoList',
  'GET /user/member/expertReport/getLifestyleList',
];

let runtime: TestRuntime;

beforeEach(() => {
  runtime = createTestRuntime();
  runtime.root.session.start('token-of-amelia', { userId: AMELIA } as DoctorInfo);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The screen with a report whose answer never comes; the catalogue answers at once. */
function renderScreen(mode: 'detail' | 'review') {
  const api = serveApi({
    'GET /user/member/expertReport/getByExpertReportId': () => new Promise(() => undefined),
    'GET /user/member/expertReport/getCategoryList': () => [],
    'GET /user/member/expertReport/getToDoList': () => [],
    'GET /user/member/expertReport/getLifestyleList': () => [],
  });
  const router = createMemoryRouter([{ path: '/reports/:mode', element: <ReportScreen mode={mode} /> }], {
    initialEntries: [`/reports/${mode}?reportId=7`],
  });
  render(
    <RuntimeProviders runtime={runtime}>
      <RouterProvider router={router} />
    </RuntimeProviders>,
  );
  return api;
}

describe('the report screen', () => {
  it('asks for the editor’s lists while the report is still on its way', async () => {
    const api = renderScreen('detail');
    await waitFor(() => expect(api.requests).toEqual(expect.arrayContaining(CATALOGUE)));
    expect(api.requests).toContain('GET /user/member/expertReport/getByExpertReportId');
    expect(screen.getByText('Loading…')).toBeTruthy();
  });

  it('does not ask for them on the review screen, which never edits', async () => {
    const api = renderScreen('review');
    await waitFor(() => expect(api.requests).toContain('GET /user/member/expertReport/getByExpertReportId'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests.filter((r) => CATALOGUE.includes(r))).toEqual([]);
  });
});
