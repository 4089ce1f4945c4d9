/** The one typed emitter of the headless code (src/shared/emitter.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEmitter } from '../../../src/shared/emitter';

interface Events {
  said: string;
  error: unknown;
}

describe('createEmitter', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls each listener of an event, once-listeners once, and stops calling those removed', () => {
    const events = createEmitter<Events>();
    const heard: string[] = [];
    const off = events.on('said', (text) => heard.push(`a:${text}`));
    events.once('said', (text) => heard.push(`once:${text}`));
    events.emit('said', 'one');
    off();
    events.emit('said', 'two');
    expect(heard).toEqual(['a:one', 'once:one']);
    expect(events.listenerCount('said')).toBe(0);
  });

  it("hands a listener's error to onListenerError and still calls the others", () => {
    const failures: Array<[unknown, keyof Events]> = [];
    const events = createEmitter<Events>({
      onListenerError: (error, event) => failures.push([error, event]),
    });
    const heard: string[] = [];
    events.on('said', () => {
      throw new Error('broken listener');
    });
    events.on('said', (text) => heard.push(text));
    events.emit('said', 'hello');
    expect(heard).toEqual(['hello']);
    expect(failures).toEqual([[new Error('broken listener'), 'said']]);
  });

  it("re-throws a listener's error on a fresh task without onListenerError", () => {
    vi.useFakeTimers();
    const events = createEmitter<Events>();
    const heard: string[] = [];
    events.on('said', () => {
      throw new Error('broken listener');
    });
    events.on('said', (text) => heard.push(text));
    expect(() => events.emit('said', 'hello')).not.toThrow();
    expect(heard).toEqual(['hello']);
    expect(() => vi.runAllTimers()).toThrow('broken listener');
  });
});
