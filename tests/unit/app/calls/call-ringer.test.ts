/**
 * The ring of an incoming call (call-ringer.ts, issue 26) against a recording Web Audio context
 * and title: a tone now and every 3 s, the title flashing 'Incoming call — {name}' with the page's
 * own title, both stopping on stop (answer, refuse, time-out), the title restored — the page's
 * newer title when it changed meanwhile; 'Silence' stops only the tone.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startRinging } from '../../../../src/app/features/calls/call-ringer';

interface Recorded {
  oscillators: number;
  contexts: FakeContext[];
}
const recorded: Recorded = { oscillators: 0, contexts: [] };

class FakeParam {
  value = 0;
  setValueAtTime() {}
  linearRampToValueAtTime() {}
}
class FakeContext {
  state = 'running';
  currentTime = 0;
  destination = {};
  closed = false;
  constructor() {
    recorded.contexts.push(this);
  }
  createGain() {
    return { gain: new FakeParam(), connect() {} };
  }
  createOscillator() {
    recorded.oscillators += 1;
    return { frequency: new FakeParam(), connect() {}, start() {}, stop() {} };
  }
  resume() {
    return Promise.resolve();
  }
  close() {
    this.closed = true;
    return Promise.resolve();
  }
}

const TITLE = 'Incoming call — Ruth Member';

beforeEach(() => {
  vi.useFakeTimers();
  recorded.oscillators = 0;
  recorded.contexts = [];
  vi.stubGlobal('window', { AudioContext: FakeContext });
  vi.stubGlobal('document', { title: 'Messages · Provider Portal' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('startRinging', () => {
  it('rings now and every 3 s, and flashes the title, until stopped', () => {
    const ringing = startRinging(TITLE);
    // Two tones per ring.
    expect(recorded.oscillators).toBe(2);
    expect(document.title).toBe(TITLE);
    vi.advanceTimersByTime(1_000);
    expect(document.title).toBe('Messages · Provider Portal');
    vi.advanceTimersByTime(1_000);
    expect(document.title).toBe(TITLE);
    vi.advanceTimersByTime(1_000);
    expect(recorded.oscillators).toBe(4);

    ringing.stop();
    expect(recorded.contexts[0]!.closed).toBe(true);
    expect(document.title).toBe('Messages · Provider Portal');
    vi.advanceTimersByTime(10_000);
    expect(recorded.oscillators).toBe(4);
    expect(document.title).toBe('Messages · Provider Portal');
  });

  it('restores the title the page set while it rang', () => {
    const ringing = startRinging(TITLE);
    vi.advanceTimersByTime(1_000);
    document.title = 'Dashboard · Provider Portal';
    vi.advanceTimersByTime(1_000);
    expect(document.title).toBe(TITLE);
    ringing.stop();
    expect(document.title).toBe('Dashboard · Provider Portal');
  });

  it('Silence stops the tone and keeps the title flashing; stop twice is harmless', () => {
    const ringing = startRinging(TITLE);
    ringing.silence();
    expect(recorded.contexts[0]!.closed).toBe(true);
    vi.advanceTimersByTime(6_000);
    expect(recorded.oscillators).toBe(2);
    vi.advanceTimersByTime(1_000);
    expect(document.title).toBe('Messages · Provider Portal');
    vi.advanceTimersByTime(1_000);
    expect(document.title).toBe(TITLE);
    ringing.stop();
    ringing.stop();
    expect(document.title).toBe('Messages · Provider Portal');
  });

  it('without Web Audio the title still flashes', () => {
    vi.stubGlobal('window', {});
    const ringing = startRinging(TITLE);
    expect(document.title).toBe(TITLE);
    ringing.stop();
    expect(document.title).toBe('Messages · Provider Portal');
  });
});
