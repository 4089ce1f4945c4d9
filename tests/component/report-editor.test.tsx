/**
 * The report editor (spec §7 "Expert reports"; features/reports/report-editor.tsx) against the
 * own API's report routes: the save state is always shown, a draft is saved as JSON, leaving with
 * unsaved changes asks first ("Save and leave" saves, then goes), and what was typed and not saved
 * comes back when the editor opens again (a reload, the automatic logoff) until it is discarded.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DoctorInfo } from '../../src/shared/api/account';
import type { ReportContent, ReportDetail } from '../../src/shared/api/expert-reports';
import { ReportEditor } from '../../src/app/features/reports/report-editor';
import { serveApi } from './fake-api';
import { createTestRuntime, RuntimeProviders, type TestRuntime } from './test-runtime';

const AMELIA = 100001;

const EMPTY: ReportContent = {
  summary: 'Regular ovulation around day 16.',
  categoryIds: [],
  toDoIds: [],
  customToDos: [],
  lifestyleIds: [],
  blogIds: [],
  videoIds: [],
  tagIds: [],
  followUpWeeks: null,
};

const report = (content: ReportContent, savedAt: string | null = null): ReportDetail => ({
  reportId: 7,
  title: 'Six-cycle review',
  type: 'CYCLE_ANALYSIS',
  status: 'CLAIMED',
  memberId: 305,
  memberName: 'Emma Laurent',
  memberAvatar: null,
  memberQuestion: 'Am I ovulating?',
  providerId: AMELIA,
  providerName: 'Dr. Amelia Hart',
  mine: true,
  createdAt: '2026-11-20T09:00:00.000Z',
  claimedAt: '2026-11-21T09:00:00.000Z',
  completedAt: null,
  savedAt,
  content,
  editable: true,
  categories: [],
  toDos: [],
  lifestyle: [],
  blogs: [],
  videos: [],
  tags: [],
});

/** The report routes the editor calls; `saves` records each save's body. */
function serveReports() {
  const saves: Array<Record<string, unknown>> = [];
  const api = serveApi({
    'GET /user/member/expertReport/getCategoryList': () => [
      { id: 1, code: 'OVULATION', name: 'Ovulation', description: 'Signs of ovulation' },
    ],
    'GET /user/member/expertReport/getToDoList': () => [{ id: 11, categoryId: 1, text: 'Track LH daily' }],
    'GET /user/member/expertReport/getLifestyleList': () => [
      { id: 21, area: 'SLEEP', text: 'Sleep 8 hours' },
    ],
    'POST /user/member/expertReport/save': ({ body }) => {
      const saved = body as Record<string, unknown>;
      saves.push(saved);
      const { reportId: _id, ...content } = saved;
      return report({ ...EMPTY, ...content } as ReportContent, new Date().toISOString());
    },
  });
  return { saves, api };
}

/** The editor on /reports/detail of a data router (its leave guard needs one), and a page to go to. */
function renderEditor(detail: ReportDetail) {
  const router = createMemoryRouter(
    [
      { path: '/reports/detail', element: <ReportEditor report={detail} /> },
      { path: '/reports', element: <p>The report list</p> },
    ],
    { initialEntries: ['/reports/detail?id=7'] },
  );
  const view = render(
    <RuntimeProviders runtime={runtime}>
      <RouterProvider router={router} />
    </RuntimeProviders>,
  );
  return { ...view, router, runtime };
}

const opinion = () => screen.getByLabelText('Expert opinion') as HTMLTextAreaElement;
const saveState = () => screen.getByTestId('save-state');

/** This test's page: Amelia signed in, her drafts read. */
let runtime: TestRuntime;

beforeEach(async () => {
  runtime = createTestRuntime();
  runtime.root.session.start('token-of-amelia', { userId: AMELIA } as DoctorInfo);
  await runtime.root.drafts.open(AMELIA);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the report editor', () => {
  it('shows unsaved changes as she types, and saves the draft as JSON with its time', async () => {
    const { saves } = serveReports();
    renderEditor(report(EMPTY));
    await screen.findByText('Ovulation — Signs of ovulation');
    expect(saveState().textContent).toBe('No draft saved yet');

    fireEvent.change(opinion(), { target: { value: 'Ovulation on day 21, later than usual.' } });
    expect(saveState().textContent).toBe('Unsaved changes');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ovulation — Signs of ovulation' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));

    await waitFor(() => expect(saveState().textContent).toMatch(/^Draft saved at /));
    expect(saves).toEqual([
      expect.objectContaining({
        reportId: 7,
        summary: 'Ovulation on day 21, later than usual.',
        categoryIds: [1],
      }),
    ]);
    expect((screen.getByRole('button', { name: 'Save draft' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps keyboard focus in the editor when Save draft disables itself: on the save state', async () => {
    serveReports();
    renderEditor(report(EMPTY));
    await screen.findByText('Ovulation — Signs of ovulation');
    fireEvent.change(opinion(), { target: { value: 'Ovulation on day 21.' } });
    const button = screen.getByRole('button', { name: 'Save draft' }) as HTMLButtonElement;
    button.focus();
    fireEvent.click(button);

    await waitFor(() => expect(saveState().textContent).toMatch(/^Draft saved at /));
    expect(button.disabled).toBe(true);
    expect(document.activeElement).toBe(saveState());
  });

  it('asks before leaving with unsaved changes: Stay keeps them, Save and leave saves and goes', async () => {
    const { saves } = serveReports();
    const { router } = renderEditor(report(EMPTY));
    await screen.findByText('Ovulation — Signs of ovulation');
    fireEvent.change(opinion(), { target: { value: 'Anovulatory cycle 6.' } });

    void router.navigate('/reports');
    const ask = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull());
    expect(router.state.location.pathname).toBe('/reports/detail');
    expect(opinion().value).toBe('Anovulatory cycle 6.');
    expect(saves).toEqual([]);

    void router.navigate('/reports');
    const again = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    fireEvent.click(within(again).getByRole('button', { name: 'Save and leave' }));
    await screen.findByText('The report list');
    expect(saves).toEqual([expect.objectContaining({ reportId: 7, summary: 'Anovulatory cycle 6.' })]);
  });

  it('brings back what was typed and not saved when it opens again, until she discards it', async () => {
    serveReports();
    const first = renderEditor(report(EMPTY));
    await screen.findByText('Ovulation — Signs of ovulation');
    fireEvent.change(opinion(), { target: { value: 'Half-written opinion' } });
    first.unmount();

    renderEditor(report(EMPTY));
    await screen.findByText('Ovulation — Signs of ovulation');
    await screen.findByText(/Your unsaved changes from earlier in this session are back/);
    expect(opinion().value).toBe('Half-written opinion');
    expect(saveState().textContent).toBe('Unsaved changes');

    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(opinion().value).toBe(EMPTY.summary);
    expect(saveState().textContent).toBe('No draft saved yet');
    expect(screen.queryByText(/Your unsaved changes from earlier/)).toBeNull();
  });
});
