import { describe, expect, it } from 'vitest';
import { SESSION_CACHE_TTL_MS, SessionCache } from '../../../src/server/auth/session-cache';
import { EventBus } from '../../../src/server/events/event-bus';

const session = (sessionId: number) => ({
  sessionId,
  providerId: 1,
  chatId: 100001,
  createdAt: new Date(0),
  lastSeenAt: new Date(0),
  expiresAt: new Date(10_000_000),
  endReason: null,
});

describe('session cache', () => {
  it('remembers a checked session for TTL_MS only', () => {
    const cache = new SessionCache();
    cache.set('h1', session(1), 1000);
    expect(cache.get('h1', 1000 + SESSION_CACHE_TTL_MS - 1)?.sessionId).toBe(1);
    expect(cache.get('h1', 1000 + SESSION_CACHE_TTL_MS)).toBeNull();
  });

  it('forgets a session the moment this process ends it', () => {
    const events = new EventBus();
    const cache = new SessionCache(events);
    cache.set('h1', session(1), 0);
    cache.set('h2', session(2), 0);
    events.emit('session.ended', { providerId: 1, sessionId: 1, reason: 'KICKED', chatId: 100001 });
    expect(cache.get('h1', 1)).toBeNull();
    expect(cache.get('h2', 1)?.sessionId).toBe(2);
  });

  it('reads a missing token once for the requests that miss it together, and again after', async () => {
    const cache = new SessionCache();
    let reads = 0;
    let finish = (_: number) => undefined as void;
    const read = () => {
      reads += 1;
      return new Promise<number>((resolve) => (finish = resolve));
    };
    const together = [cache.readOnce('h1', read), cache.readOnce('h1', read), cache.readOnce('h1', read)];
    expect(reads).toBe(1);
    finish(7);
    expect(await Promise.all(together)).toEqual([7, 7, 7]);
    const later = cache.readOnce('h1', read);
    expect(reads).toBe(2);
    finish(8);
    expect(await later).toBe(8);
  });
});
