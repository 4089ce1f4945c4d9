/**
 * An appointment that does not exist (spec §2 /orders/detail, spec §8 NOT_FOUND) is said once, by
 * the screen, in Dr. Amelia Hart's language: not again as the server's English toast. Any other
 * failure is still told by the portal's policy.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderDetail } from '../../src/app/features/consultations/order-detail';
import { Refusal, serveApi } from './fake-api';
import { renderWithRuntime } from './test-runtime';

const DETAIL = 'GET /consultation/invite/doctor/order/detail';

afterEach(() => vi.unstubAllGlobals());

describe('an appointment the server cannot give', () => {
  it('says one that does not exist on the screen only', async () => {
    serveApi({ [DETAIL]: () => new Refusal(404, 'NOT_FOUND', 'Appointment not found') });
    const { runtime } = renderWithRuntime(<OrderDetail id={9999} />);
    await screen.findByText('This appointment does not exist.');
    expect(runtime.root.toasts.state.items).toEqual([]);
  });

  it('tells another failure with its message and a retry', async () => {
    serveApi({ [DETAIL]: () => new Refusal(503, 'UNAVAILABLE', 'The service is unavailable.') });
    const { runtime } = renderWithRuntime(<OrderDetail id={9999} />);
    await screen.findByRole('button', { name: 'Try again' });
    await waitFor(() =>
      expect(runtime.root.toasts.state.items.map((t) => t.text)).toEqual(['The service is unavailable.']),
    );
  });
});
