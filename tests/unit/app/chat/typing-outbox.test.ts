/** Spec §4 typing (composing/paused) and spec §3 "wait for send": the outbox keeps order. */
import { describe, expect, it } from 'vitest';
import { createOutbox } from '../../../../src/app/connections/chat/outbox';
import { createTypingSender } from '../../../../src/app/features/chat/typing-sender';

function fakeTimers() {
  let pending: { fn: () => void; at: number } | null = null;
  let now = 0;
  return {
    setTimer: (fn: () => void, ms: number) => (pending = { fn, at: now + ms }),
    clearTimer: (handle: unknown) => {
      if (handle === pending) pending = null;
    },
    advance(ms: number) {
      now += ms;
      if (pending && pending.at <= now) {
        const { fn } = pending;
        pending = null;
        fn();
      }
    },
  };
}

describe('typing sender', () => {
  it('sends composing once while typing and paused after a pause', () => {
    const sent: string[] = [];
    const timers = fakeTimers();
    const typing = createTypingSender({
      sendComposing: () => sent.push('composing'),
      sendPaused: () => sent.push('paused'),
      pauseMs: 3000,
      ...timers,
    });
    typing.typed('h');
    timers.advance(2000);
    typing.typed('he');
    timers.advance(2000);
    expect(sent).toEqual(['composing']);
    timers.advance(1000);
    expect(sent).toEqual(['composing', 'paused']);
    typing.typed('hey');
    typing.stop();
    typing.stop();
    expect(sent).toEqual(['composing', 'paused', 'composing', 'paused']);
  });

  it('treats clearing the text as a pause and blank text as no typing', () => {
    const sent: string[] = [];
    const typing = createTypingSender({
      sendComposing: () => sent.push('composing'),
      sendPaused: () => sent.push('paused'),
      ...fakeTimers(),
    });
    typing.typed('   ');
    typing.typed('a');
    typing.typed('');
    expect(sent).toEqual(['composing', 'paused']);
  });
});

class Offline extends Error {}

describe('outbox', () => {
  it('sends at once when online, keeps order while offline and flushes on reconnect', () => {
    let online = true;
    const wire: string[] = [];
    const outbox = createOutbox<string>({
      send: (item) => {
        if (!online) throw new Offline();
        wire.push(item);
      },
      canSend: () => online,
      isOffline: (e) => e instanceof Offline,
    });
    expect(outbox.push('a')).toBe(true);
    online = false;
    expect(outbox.push('b')).toBe(false);
    expect(outbox.push('c')).toBe(false);
    expect(outbox.pending).toEqual(['b', 'c']);
    online = true;
    expect(outbox.push('d')).toBe(false);
    expect(outbox.flush()).toBe(3);
    expect(wire).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps an item that met a dropped connection and drops one that failed otherwise', () => {
    const dropped: string[] = [];
    let fail: 'offline' | 'bad' | null = 'offline';
    const outbox = createOutbox<string>({
      send: () => {
        if (fail === 'offline') throw new Offline();
        if (fail === 'bad') throw new Error('bad');
      },
      canSend: () => true,
      isOffline: (e) => e instanceof Offline,
      onDropped: (item) => dropped.push(item),
    });
    outbox.push('x');
    expect(outbox.pending).toEqual(['x']);
    fail = 'bad';
    expect(outbox.flush()).toBe(0);
    expect(dropped).toEqual(['x']);
    expect(outbox.pending).toEqual([]);
  });
});
