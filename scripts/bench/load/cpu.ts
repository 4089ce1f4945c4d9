/**
 * CPU time and resident memory of processes from /proc (Linux), for the load run's "where it
 * saturates" and "memory per session" figures.
 */
import { readFileSync, readdirSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

function stat(pid: number): { ppid: number; ticks: number; reaped: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(fields[1]),
      ticks: Number(fields[11]) + Number(fields[12]),
      reaped: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return null;
  }
}

/**
 * The CPU milliseconds used so far by `pid` and, with `children`, its direct children: the live
 * ones and those that ended and were waited for (PostgreSQL's backends come and go).
 */
export function cpuMs(pid: number | undefined, children = false): number {
  if (!pid) return 0;
  const own = stat(pid);
  let ticks = (own?.ticks ?? 0) + (children ? (own?.reaped ?? 0) : 0);
  if (children) {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const s = stat(Number(entry));
      if (s?.ppid === pid) ticks += s.ticks;
    }
  }
  return ticks * TICK_MS;
}

/** CPU milliseconds the whole machine spent busy so far, every core and the kernel's own work included. */
export function machineBusyMs(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal: all but idle and iowait.
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks;
  return (user + nice + system + irq + softirq + steal) * TICK_MS;
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

/** Resident memory of `pid` in bytes (VmRSS of /proc/PID/status), 0 when it is gone. */
export function rssBytes(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return line ? Number(line[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}
