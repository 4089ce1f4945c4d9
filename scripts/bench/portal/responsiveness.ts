/**
 * What the long-lists bench reads inside the page (docs/performance.md "Long lists"): Event
 * Timing entries (PerformanceObserver type 'event', durationThreshold 16, buffered), long tasks,
 * and the longest gap between animation frames. Installed before the portal loads; read per phase
 * as a window of `performance.now()`.
 */
import type { Page } from '@playwright/test';

interface TimedEvent {
  name: string;
  start: number;
  duration: number;
  interactionId: number;
}

interface Probe {
  events: TimedEvent[];
  longTasks: Array<{ start: number; duration: number }>;
  worstFrame: number;
}

declare global {
  interface Window {
    benchProbe: Probe;
  }
}

/**
 * Runs in the page before any of its scripts. Plain JavaScript in a string: functions compiled
 * here would carry the compiler's naming helper, which the page does not have.
 */
const INSTALL = `
  const probe = { events: [], longTasks: [], worstFrame: 0 };
  window.benchProbe = probe;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      probe.events.push({ name: e.name, start: e.startTime, duration: e.duration, interactionId: e.interactionId });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  let last = performance.now();
  requestAnimationFrame(function frame(now) {
    probe.worstFrame = Math.max(probe.worstFrame, now - last);
    last = now;
    requestAnimationFrame(frame);
  });
`;

export async function installProbe(page: Page): Promise<void> {
  await page.addInitScript({ content: INSTALL });
}

export interface PhaseFigures {
  /** The worst interaction (by interactionId: its longest event), 16 when none reached 16 ms. */
  inpMs: number;
  /** Interactions with an event of 16 ms or more (the others are not reported). */
  slowInteractions: number;
  /** The longest Event Timing entry of any kind. */
  worstEventMs: number;
  longTasks: number;
  longTaskMs: number;
  worstFrameMs: number;
}

/** Measures what happens in the page while `act` runs. */
export async function measurePhase(page: Page, act: () => Promise<void>): Promise<PhaseFigures> {
  const from = await page.evaluate(() => {
    window.benchProbe.worstFrame = 0;
    return performance.now();
  });
  await act();
  // Event Timing entries arrive after the next paint: give them a frame or two.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForTimeout(100);
  return page.evaluate((start) => {
    const { events, longTasks, worstFrame } = window.benchProbe;
    const inWindow = events.filter((e) => e.start >= start);
    const byInteraction = new Map<number, number>();
    for (const e of inWindow)
      if (e.interactionId > 0)
        byInteraction.set(e.interactionId, Math.max(byInteraction.get(e.interactionId) ?? 0, e.duration));
    const tasks = longTasks.filter((t) => t.start >= start);
    return {
      inpMs: Math.max(16, ...byInteraction.values()),
      slowInteractions: byInteraction.size,
      worstEventMs: Math.max(0, ...inWindow.map((e) => e.duration)),
      longTasks: tasks.length,
      longTaskMs: tasks.reduce((sum, t) => sum + t.duration, 0),
      worstFrameMs: worstFrame,
    };
  }, from);
}
