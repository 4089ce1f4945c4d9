/**
 * The availability exceptions (features/schedule/overrides-editor.tsx; docs/lessons.md §17): each
 * exception's Delete button is named with its date, so a screen reader tells one from another.
 */
import { screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { Schedule } from '../../src/shared/api/schedule';
import { OverridesEditor } from '../../src/app/features/schedule/overrides-editor';
import { serveApi } from './fake-api';
import { renderWithRuntime } from './test-runtime';

/** Dr. Amelia Hart's schedule (fixtures/personas.json) with a day off and an evening of extra hours. */
const schedule: Schedule = {
  configured: true,
  settings: {
    timezone: 'Europe/London',
    consultationMinutes: 45,
    bufferMinutes: 15,
    horizonDays: 60,
    minNoticeHours: 12,
  },
  weekly: [],
  overrides: [
    { id: 1, date: '2027-03-12', kind: 'DAY_OFF', start: null, end: null, note: '' },
    { id: 2, date: '2027-03-19', kind: 'EXTRA', start: '18:00', end: '20:00', note: 'Evening clinic' },
  ],
};

afterEach(() => vi.unstubAllGlobals());

it('names each Delete button with the date of its exception', () => {
  serveApi({});
  renderWithRuntime(<OverridesEditor schedule={schedule} />);
  const deletes = screen.getAllByRole('button', { name: /^Delete / });
  expect(deletes.map((b) => b.getAttribute('aria-label'))).toEqual([
    'Delete Friday, March 12, 2027',
    'Delete Friday, March 19, 2027',
  ]);
  expect(screen.getByRole('button', { name: 'Delete Friday, March 12, 2027' }).textContent).toBe('Delete');
});
