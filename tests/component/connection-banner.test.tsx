/**
 * The chat connection's banner on /message (spec §4 chat connection states; features/chat/
 * connection-banner.tsx, banner-link.ts): a chat that comes up at once shows no banner, so the
 * conversations do not jump down and back up as the page opens (docs/performance.md "Layout
 * shifts"); a slow start is told once it is overdue, a lost connection at once.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { START_BANNER_DELAY_MS } from '../../src/app/features/chat/banner-link';
import { ConnectionBanner } from '../../src/app/features/chat/connection-banner';
import { createTestRuntime, renderWithRuntime } from './test-runtime';

afterEach(() => {
  vi.useRealTimers();
});

describe('the chat connection banner', () => {
  it('stays away while the chat starts on time', () => {
    vi.useFakeTimers();
    const runtime = createTestRuntime();
    renderWithRuntime(<ConnectionBanner />, runtime);
    act(() => runtime.chat.connecting());
    act(() => vi.advanceTimersByTime(START_BANNER_DELAY_MS - 100));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => void runtime.signInChat());
    act(() => vi.advanceTimersByTime(START_BANNER_DELAY_MS * 2));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says the chat is connecting once its start is overdue, and goes once it is online', () => {
    vi.useFakeTimers();
    const runtime = createTestRuntime();
    renderWithRuntime(<ConnectionBanner />, runtime);
    act(() => runtime.chat.connecting());
    act(() => vi.advanceTimersByTime(START_BANNER_DELAY_MS));
    expect(screen.getByRole('status').textContent).toBe('Connecting to chat…');
    act(() => void runtime.signInChat());
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('tells a lost connection at once', () => {
    vi.useFakeTimers();
    const runtime = createTestRuntime();
    renderWithRuntime(<ConnectionBanner />, runtime);
    act(() => void runtime.signInChat());
    act(() => runtime.chat.report('reconnecting'));
    expect(screen.getByRole('status').textContent).toBe('The chat connection was lost. Reconnecting…');
    act(() => runtime.chat.report('offline'));
    expect(screen.getByRole('status').textContent).toMatch(/^You are offline\./);
  });
});
