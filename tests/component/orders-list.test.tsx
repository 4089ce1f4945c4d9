/**
 * The appointments list (spec §2 /orders; features/consultations/orders-list.tsx) keeps showing a
 * page while the next one loads, so nothing jumps: those rows are the old page's, and the table
 * says so (aria-busy, dimmed) until the new page is in.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { AppointmentSummary } from '../../src/shared/api/consultation';
import { OrdersList } from '../../src/app/features/consultations/orders-list';
import { serveApi } from './fake-api';
import { renderWithRuntime } from './test-runtime';

const appointment = (id: number, memberName: string): AppointmentSummary => ({
  id,
  memberId: 300 + id,
  memberChatId: 200_000 + id,
  memberName,
  memberAvatar: null,
  startsAt: '2026-11-25T09:00:00.000Z',
  endsAt: '2026-11-25T09:45:00.000Z',
  status: 'COMPLETED',
  topic: 'Six-cycle review',
  fee: { amountCents: 8500, currency: 'USD' },
});

afterEach(() => vi.unstubAllGlobals());

it('marks the rows of page 1 as stale while page 2 loads, and shows page 2 when it is in', async () => {
  let releasePageTwo = () => {};
  const pageTwoHeld = new Promise<void>((resolve) => (releasePageTwo = resolve));
  serveApi({
    'GET /consultation/invite/doctor/order/list': async ({ url }) => {
      const page = Number(url.searchParams.get('page') ?? '1');
      if (page === 2) await pageTwoHeld;
      const rows = page === 1 ? [appointment(1, 'Ava Thompson')] : [appointment(21, 'Fatima Haddad')];
      return { total: 25, page, pageSize: 10, list: rows };
    },
  });
  renderWithRuntime(<OrdersList />);
  const table = await screen.findByRole('table', { name: 'Your appointments' });
  await within(table).findByText('Ava Thompson');
  expect(table.getAttribute('aria-busy')).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
  await waitFor(() => expect(table.getAttribute('aria-busy')).toBe('true'));
  within(table).getByText('Ava Thompson');

  releasePageTwo();
  await within(table).findByText('Fatima Haddad');
  expect(table.getAttribute('aria-busy')).toBeNull();
  expect(within(table).queryByText('Ava Thompson')).toBeNull();
});
