/** Spec §9 and docs/wire/hosted-chat.md §2.7: expiry one minute early, 120 min default, checked every 5 s. */
import { describe, expect, it } from 'vitest';
import { parseExpirationHeader, SessionExpiry, type Clock } from '../../../src/rest';

function fakeClock(start: number) {
  let now = start;
  const timers = new Map<number, { fn: () => void; every: number; next: number }>();
  let ids = 0;
  const clock: Clock = {
    now: () => now,
    setInterval: (fn, every) => {
      timers.set(++ids, { fn, every, next: now + every });
      return ids;
    },
    clearInterval: (id) => void timers.delete(id as number),
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = [...timers.values()].filter((t) => t.next <= end).sort((a, b) => a.next - b.next)[0];
      if (!due) break;
      now = due.next;
      due.next += due.every;
      due.fn();
    }
    now = end;
  };
  return { clock, advance, timers };
}

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

describe('session expiry', () => {
  it('reads the server format with or without UTC', () => {
    expect(parseExpirationHeader('2016-05-02 19:52:00 UTC')).toBe(Date.UTC(2016, 4, 2, 19, 52, 0));
    expect(parseExpirationHeader('2016-05-02 19:52:00')).toBe(Date.UTC(2016, 4, 2, 19, 52, 0));
    expect(parseExpirationHeader('soon')).toBeNull();
    expect(parseExpirationHeader(null)).toBeNull();
  });

  it('keeps the header time minus one minute', () => {
    const { clock } = fakeClock(T0);
    const expiry = new SessionExpiry(clock);
    expiry.update('2026-01-01 14:00:00 UTC');
    expect(expiry.expiresAt).toBe(Date.UTC(2026, 0, 1, 13, 59, 0));
  });

  it('assumes 120 minutes from now (minus one) without the header', () => {
    const { clock } = fakeClock(T0);
    const expiry = new SessionExpiry(clock);
    expiry.update(null);
    expect(expiry.expiresAt).toBe(T0 + 119 * 60_000);
  });

  it('notices the expiry on the next 5 s check, once, and can be stopped', () => {
    const { clock, advance, timers } = fakeClock(T0);
    const expiry = new SessionExpiry(clock);
    expiry.update('2026-01-01 12:01:00 UTC'); // expires at 12:00:00 already
    let fired = 0;
    const stop = expiry.watch(() => (fired += 1));
    expect(fired).toBe(0);
    advance(4_999);
    expect(fired).toBe(0);
    advance(1);
    expect(fired).toBe(1);
    advance(60_000);
    expect(fired).toBe(1);
    expect(timers.size).toBe(0);
    stop();

    const later = new SessionExpiry(clock);
    later.update(null);
    let lateFired = 0;
    const stopLater = later.watch(() => (lateFired += 1));
    advance(118 * 60_000);
    expect(lateFired).toBe(0);
    stopLater();
    advance(10 * 60_000);
    expect(lateFired).toBe(0);
  });
});
