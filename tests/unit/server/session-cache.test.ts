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
});
