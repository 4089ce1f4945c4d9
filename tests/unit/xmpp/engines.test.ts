/**
 * Reconnect loop (spec §4, §9: 3 s) and keep-alive (wire §13.3: 7th failure). The BOSH policy
 * (spec §9) is checked against Strophe itself in transport.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { StanzaError, TimeoutError } from '../../../src/xmpp';
import { createKeepAlive } from '../../../src/xmpp/ping/keep-alive';
import { createReconnect } from '../../../src/xmpp/reconnect/engine';
import { createFakeClock } from '../../../src/xmpp/testing';

describe('reconnect loop', () => {
  it('tries now and every 3 s while idle, and stops when told', async () => {
    const scheduler = createFakeClock();
    const attempts: number[] = [];
    let idle = true;
    const loop = createReconnect({
      scheduler,
      intervalMs: 3000,
      idle: () => idle,
      attempt: () => attempts.push(scheduler.now()),
      isSessionExpired: () => false,
      onSessionExpired: () => undefined,
    });
    const start = scheduler.now();
    loop.start();
    loop.start();
    await scheduler.advanceAsync(9000);
    expect(attempts.map((t) => t - start)).toEqual([0, 3000, 6000, 9000]);
    idle = false;
    await scheduler.advanceAsync(6000);
    expect(attempts).toHaveLength(4);
    loop.stop();
    idle = true;
    await scheduler.advanceAsync(30_000);
    expect(attempts).toHaveLength(4);
    expect(loop.running).toBe(false);
  });

  it('stops when the session token has expired and says so', async () => {
    const scheduler = createFakeClock();
    let expired = false;
    let stopped = 0;
    let attempts = 0;
    const loop = createReconnect({
      scheduler,
      intervalMs: 3000,
      idle: () => true,
      attempt: () => attempts++,
      isSessionExpired: () => expired,
      onSessionExpired: () => stopped++,
    });
    loop.start();
    await scheduler.advanceAsync(3000);
    expired = true;
    await scheduler.advanceAsync(30_000);
    expect(attempts).toBe(2);
    expect(stopped).toBe(1);
    expect(loop.running).toBe(false);
  });
});

describe('keep-alive ping', () => {
  function setup(answer: () => Promise<unknown>) {
    const scheduler = createFakeClock();
    const failures: number[] = [];
    let dead = 0;
    let pings = 0;
    const keepAlive = createKeepAlive({
      scheduler,
      intervalMs: 5000,
      maxFailures: 6,
      ping: () => {
        pings++;
        return answer();
      },
      onFailure: (n) => failures.push(n),
      onDead: () => dead++,
    });
    return { scheduler, keepAlive, failures, dead: () => dead, pings: () => pings };
  }

  it('declares the link dead on the 7th consecutive missing answer', async () => {
    const t = setup(() => Promise.reject(new TimeoutError('Chat ping No answer')));
    t.keepAlive.start();
    await t.scheduler.advanceAsync(5000 * 6);
    expect(t.failures).toEqual([1, 2, 3, 4, 5, 6]);
    expect(t.dead()).toBe(0);
    await t.scheduler.advanceAsync(5000);
    expect(t.dead()).toBe(1);
    expect(t.keepAlive.running).toBe(false);
    await t.scheduler.advanceAsync(60_000);
    expect(t.pings()).toBe(7);
  });

  it('counts any answer, an error reply included, as alive', async () => {
    let n = 0;
    const t = setup(() => {
      n++;
      if (n % 3 === 0) return Promise.reject(new StanzaError({ condition: 'service-unavailable' }));
      return Promise.reject(new TimeoutError());
    });
    t.keepAlive.start();
    await t.scheduler.advanceAsync(5000 * 30);
    expect(Math.max(...t.failures)).toBe(2);
    expect(t.dead()).toBe(0);
    t.keepAlive.stop();
  });

  it('pings with the configured interval, one at a time', async () => {
    const t = setup(() => Promise.resolve());
    t.keepAlive.start();
    await t.scheduler.advanceAsync(4999);
    expect(t.pings()).toBe(0);
    await t.scheduler.advanceAsync(1);
    expect(t.pings()).toBe(1);
    await t.scheduler.advanceAsync(10_000);
    expect(t.pings()).toBe(3);
    t.keepAlive.stop();
    await t.scheduler.advanceAsync(10_000);
    expect(t.pings()).toBe(3);
  });
});
