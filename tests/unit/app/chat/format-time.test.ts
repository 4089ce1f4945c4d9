/**
 * Message times in her saved zone (docs/architecture.md §3 "Her time zone"): her today is the day in
 * that zone, whatever the zone the portal runs in.
 */
import { describe, expect, it } from 'vitest';
import { formatMessageTime } from '../../../../src/app/features/chat/format-time';

const at = (iso: string) => Date.parse(iso);

describe('formatMessageTime', () => {
  it('shows the time of day for a message of her today, in her zone', () => {
    expect(
      formatMessageTime(at('2026-07-14T09:00:00Z'), 'en-GB', 'Asia/Tokyo', at('2026-07-14T10:00:00Z')),
    ).toBe('18:00');
  });

  it("counts days in her zone: after her midnight yesterday's message shows its date", () => {
    // 23:30 and 00:30 in Tokyo; one day in UTC.
    const message = at('2026-07-14T14:30:00Z');
    const now = at('2026-07-14T15:30:00Z');
    expect(formatMessageTime(message, 'en-GB', 'Asia/Tokyo', now)).toBe('14 Jul 2026');
    expect(formatMessageTime(message, 'en-GB', 'UTC', now)).toBe('14:30');
    // 00:30 on the 15th in London (summer time) while it is still the 14th there.
    expect(
      formatMessageTime(at('2026-07-14T23:30:00Z'), 'en-GB', 'Europe/London', at('2026-07-14T22:00:00Z')),
    ).toBe('15 Jul 2026');
  });
});
