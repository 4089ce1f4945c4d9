/** The automatic-logoff clock (src/app/session/idle-clock.ts; docs/security.md "Automatic logoff"). */
import { describe, expect, it } from 'vitest';
import { createIdleClock, IDLE_TRANSITIONS, warningLead, type ActivityShare } from '../../../src/app/session';

/** A fake clock with timers, and a share standing for local storage between tabs. */
function world() {
  let now = 1_000_000;
  const timers = new Map<number, { at: number; fn: () => void }>();
  let nextId = 1;
  let stored: number | null = null;
  const tabs = new Set<(at: number) => void>();
  const share = (): ActivityShare & { listener?: (at: number) => void } => {
    const own: { listener?: (at: number) => void } = {};
    return {
      read: () => stored,
      write: (at) => {
        stored = at;
        for (const tab of tabs) if (tab !== own.listener) tab(at);
      },
      subscribe(listener) {
        own.listener = listener;
        tabs.add(listener);
        return () => tabs.delete(listener);
      },
    };
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = [...timers].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].fn();
    }
    now = until;
  };
  const clock = (logoffMs = 15 * 60_000) => {
    const states: string[] = [];
    const idle = createIdleClock({
      logoffMs,
      warnMs: warningLead(logoffMs),
      now: () => now,
      setTimeout: (fn, ms) => {
        const id = nextId++;
        timers.set(id, { at: now + ms, fn });
        return id;
      },
      clearTimeout: (id) => timers.delete(id as number),
      share: share(),
      onChange: (s) => states.push(s),
    });
    return { idle, states };
  };
  return {
    clock,
    advance,
    setStored: (at: number | null) => (stored = at),
    now: () => now,
    /** The clock moves on without running the timers. */
    setNow: (at: number) => (now = at),
  };
}

describe('idle clock', () => {
  it('warns a minute before 15 minutes without activity, then ends', () => {
    const w = world();
    const { idle, states } = w.clock();
    w.advance(14 * 60_000 - 1);
    expect(idle.state).toBe('active');
    expect(idle.due).toBe(false);
    w.advance(1);
    expect(states).toEqual(['warning']);
    expect(idle.due).toBe(true);
    w.advance(60_000);
    expect(states).toEqual(['warning', 'ended']);
    expect(idle.due).toBe(true);
  });

  it('is due by its clock while its timer has not run yet (a hidden tab runs late)', () => {
    const w = world();
    const { idle } = w.clock();
    w.setNow(w.now() + 14 * 60_000);
    expect(idle.state).toBe('active');
    expect(idle.due).toBe(true);
  });

  it('activity postpones; while warning only "stay signed in" does', () => {
    const w = world();
    const { idle, states } = w.clock();
    w.advance(10 * 60_000);
    idle.activity();
    w.advance(14 * 60_000 - 1);
    expect(idle.state).toBe('active');
    w.advance(1);
    idle.activity();
    expect(idle.state).toBe('warning');
    idle.staySignedIn();
    expect(idle.state).toBe('active');
    w.advance(14 * 60_000);
    w.advance(60_000);
    expect(states).toEqual(['warning', 'active', 'warning', 'ended']);
  });

  it('activity in another tab keeps this one, and dismisses its warning', () => {
    const w = world();
    const busy = w.clock();
    const idleTab = w.clock();
    for (let minute = 0; minute < 40; minute += 5) {
      w.advance(5 * 60_000);
      busy.idle.activity();
    }
    expect(idleTab.idle.state).toBe('active');
    expect(idleTab.states).toEqual([]);
    w.advance(14 * 60_000 + 1);
    expect(idleTab.idle.state).toBe('warning');
    busy.idle.staySignedIn();
    expect(idleTab.idle.state).toBe('active');
  });

  it('a browser reopened after the time is up ends at once', () => {
    const w = world();
    w.setStored(w.now() - 16 * 60_000);
    expect(w.clock().idle.state).toBe('ended');
  });

  it('ended is final and the table says so', () => {
    const w = world();
    const { idle } = w.clock(10_000);
    w.advance(10_000);
    expect(idle.state).toBe('ended');
    idle.staySignedIn();
    idle.activity();
    expect(idle.state).toBe('ended');
    expect(IDLE_TRANSITIONS.ended).toEqual([]);
    expect(warningLead(10_000)).toBe(5_000);
  });
});
