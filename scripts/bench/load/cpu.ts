/** CPU time of processes from /proc (Linux), for the load run's "where it saturates" figures. */
import { readFileSync, readdirSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

function stat(pid: number): { ppid: number; ticks: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** The CPU milliseconds used so far by `pid` and, with `children`, its direct children. */
export function cpuMs(pid: number | undefined, children = false): number {
  if (!pid) return 0;
  let ticks = stat(pid)?.ticks ?? 0;
  if (children) {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const s = stat(Number(entry));
      if (s?.ppid === pid) ticks += s.ticks;
    }
  }
  return ticks * TICK_MS;
}

/** Samples named processes; `usage()` gives each one's CPU share (1 = one core) since `start()`. */
export function cpuMeter(targets: Record<string, () => number>) {
  let from: Record<string, number> = {};
  let startedAt = 0;
  return {
    start() {
      startedAt = performance.now();
      from = Object.fromEntries(Object.entries(targets).map(([k, f]) => [k, f()]));
    },
    usage(): Record<string, number> {
      const elapsed = performance.now() - startedAt;
      return Object.fromEntries(
        Object.entries(targets).map(([k, f]) => [k, (f() - (from[k] ?? 0)) / elapsed]),
      );
    },
  };
}
