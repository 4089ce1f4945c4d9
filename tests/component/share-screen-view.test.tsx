/**
 * The share window (spec §2 /shareScreen) without the client's data, an id no client has, is still
 * a page with its level-1 heading and says why (docs/conventions.md "Accessibility"), rather than
 * a line of text in an empty document; a button closes it.
 */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareScreenView } from '../../src/app/features/calls/share-screen-view';
import { renderWithRuntime } from './test-runtime';

afterEach(() => vi.restoreAllMocks());

describe('the share window without data', () => {
  it('has its heading and says the data is not available', () => {
    renderWithRuntime(<ShareScreenView otherUserId={null} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Shared fertility data');
    expect(screen.getByRole('main').textContent).toContain("This client's fertility data is not available.");
  });

  it('closes with its Close window button', () => {
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    renderWithRuntime(<ShareScreenView otherUserId={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close window' }));
    expect(close).toHaveBeenCalledOnce();
  });
});
