/** Spec §4 typing (composing/paused). */
import { describe, expect, it } from 'vitest';
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
