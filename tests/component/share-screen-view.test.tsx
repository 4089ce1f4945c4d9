/**
 * The share window (spec §2 /shareScreen) without the client's data, an id no client has, is still
 * a page with its level-1 heading and says why (docs/conventions.md "Accessibility"), rather than
 * a line of text in an empty document.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ShareScreenView } from '../../src/app/features/calls/share-screen-view';
import { renderWithRuntime } from './test-runtime';

describe('the share window without data', () => {
  it('has its heading and says the data is not available', () => {
    renderWithRuntime(<ShareScreenView otherUserId={null} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Shared fertility data');
    expect(screen.getByRole('main').textContent).toContain("This client's fertility data is not available.");
  });
});
