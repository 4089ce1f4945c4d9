/** The /message banner (spec §4 chat connection states; docs/performance.md "Layout shifts"). */
import { describe, expect, it } from 'vitest';
import { bannerLink } from '../../../../src/app/features/chat/banner-link';

describe('bannerLink', () => {
  it('tells nothing while the chat starts on time, and nothing once it is online', () => {
    expect(bannerLink('idle', 0, false)).toBeNull();
    expect(bannerLink('connecting', 0, false)).toBeNull();
    expect(bannerLink('online', 0, false)).toBeNull();
    expect(bannerLink('online', 0, true)).toBeNull();
  });

  it('tells a start that is overdue', () => {
    expect(bannerLink('idle', 0, true)).toBe('idle');
    expect(bannerLink('connecting', 0, true)).toBe('connecting');
  });

  it('tells a lost, offline or failed connection at once', () => {
    expect(bannerLink('reconnecting', 0, false)).toBe('reconnecting');
    expect(bannerLink('offline', 0, false)).toBe('offline');
    expect(bannerLink('failed', 0, false)).toBe('failed');
  });

  it('tells messages waiting to go out whatever the connection does', () => {
    expect(bannerLink('connecting', 2, false)).toBe('connecting');
    expect(bannerLink('online', 1, false)).toBe('online');
  });
});
