/**
 * A failed read with its retry (src/app/components/query-failed.tsx; docs/conventions.md item 5):
 * said as an alert, asked again on Try again, and the keyboard's focus, whose button goes with the
 * failure, stays in the page's main region rather than falling to the document.
 */
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QueryFailed, readFailed } from '../../src/app/components/query-failed';
import { renderWithRuntime } from './test-runtime';

describe('QueryFailed', () => {
  it('asks again and keeps the focus in the main region', () => {
    let asked = 0;
    renderWithRuntime(
      <main tabIndex={-1} aria-label="Page">
        <QueryFailed onRetry={() => (asked += 1)} />
      </main>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong. Please try again.');
    const retry = screen.getByRole('button', { name: 'Try again' });
    retry.focus();
    fireEvent.click(retry);
    expect(asked).toBe(1);
    expect(document.activeElement).toBe(screen.getByRole('main', { name: 'Page' }));
  });
});

describe('readFailed', () => {
  it('is a failure only when nothing is held: a refetch that failed keeps its answer shown', () => {
    expect(readFailed({ isError: true, data: undefined })).toBe(true);
    expect(readFailed({ isError: true, data: { list: [] } })).toBe(false);
    expect(readFailed({ isError: false, data: undefined })).toBe(false);
  });
});
