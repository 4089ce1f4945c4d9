/**
 * The connections start once the page's first screen is in (src/app/connections/
 * after-first-screen.ts; docs/performance.md "The connections after the first screen"): after the
 * first paint, with no own-API request in flight, after the paint that follows; at the latest
 * FIRST_SCREEN_WAIT_MS after the first paint; once, and never once cancelled.
 */
import { describe, expect, it, vi } from 'vitest';
import { useFakeFrames } from '../../../support/fake-frames';
import { afterFirstScreen, FIRST_SCREEN_WAIT_MS } from '../../../../src/app/connections/after-first-screen';
import { createInFlight } from '../../../../src/app/api/in-flight';

describe('afterFirstScreen', () => {
  const frames = useFakeFrames();
  /** A frame painted, and the task after it. */
  const paint = () => {
    frames.paint();
    vi.advanceTimersByTime(0);
  };
  /** A request of the own API in flight until the returned function answers it. */
  const request = (inFlight: ReturnType<typeof createInFlight>) => {
    let answer: (response: Response) => void = () => undefined;
    const fetch = inFlight.track(() => new Promise<Response>((resolve) => (answer = resolve)));
    const sent = fetch('/api/x');
    return async () => {
      answer(new Response('{}'));
      await sent;
    };
  };

  it('runs after the first paint when nothing is in flight', () => {
    const work = vi.fn();
    afterFirstScreen(work, createInFlight());
    expect(work).not.toHaveBeenCalled();
    paint();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits for the answers in flight and the paint after them', async () => {
    const inFlight = createInFlight();
    const answerDialogs = request(inFlight);
    const answerInfo = request(inFlight);
    const work = vi.fn();
    afterFirstScreen(work, inFlight);
    paint();
    expect(work).not.toHaveBeenCalled();
    await answerDialogs();
    paint();
    expect(work).not.toHaveBeenCalled();
    await answerInfo();
    expect(inFlight.count).toBe(0);
    expect(work).not.toHaveBeenCalled();
    paint();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits again when the answers’ paint sent more requests (a report, then its member)', async () => {
    const inFlight = createInFlight();
    const answerReport = request(inFlight);
    const work = vi.fn();
    afterFirstScreen(work, inFlight);
    paint();
    await answerReport();
    const answerMember = request(inFlight);
    paint();
    expect(work).not.toHaveBeenCalled();
    await answerMember();
    paint();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs at the latest the wait after the first paint, once, while requests never stop', () => {
    const inFlight = createInFlight();
    void request(inFlight);
    const work = vi.fn();
    afterFirstScreen(work, inFlight);
    paint();
    vi.advanceTimersByTime(FIRST_SCREEN_WAIT_MS - 1);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
    paint();
    vi.advanceTimersByTime(FIRST_SCREEN_WAIT_MS);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled', async () => {
    const inFlight = createInFlight();
    const answer = request(inFlight);
    const work = vi.fn();
    const cancel = afterFirstScreen(work, inFlight);
    paint();
    cancel();
    await answer();
    paint();
    vi.advanceTimersByTime(FIRST_SCREEN_WAIT_MS);
    expect(work).not.toHaveBeenCalled();
  });
});

describe('createInFlight', () => {
  it('counts a request from its call until its answer or its failure', async () => {
    const inFlight = createInFlight();
    const counts: number[] = [];
    inFlight.subscribe(() => counts.push(inFlight.count));
    await inFlight.track(() => Promise.resolve(new Response('{}')))('/api/a');
    await expect(inFlight.track(() => Promise.reject(new TypeError('offline')))('/api/b')).rejects.toThrow(
      'offline',
    );
    expect(counts).toEqual([1, 0, 1, 0]);
  });
});
