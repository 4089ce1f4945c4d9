/**
 * CPU time of processes from /proc (Linux): one process by pid, or every descendant of this
 * process whose command name matches (Chromium's browser, renderer, GPU and utility processes).
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

interface Stat {
  pid: number;
  comm: string;
  ppid: number;
  /** utime + stime, seconds. */
  cpu: number;
}

function stat(pid: number): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    const fields = text.slice(close + 2).split(' ');
    // After the name: state(0) ppid(1) … utime(11) stime(12).
    return {
      pid,
      comm,
      ppid: Number(fields[1]),
      cpu: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
    };
  } catch {
    return null;
  }
}

export function processCpuSeconds(pid: number): number {
  return stat(pid)?.cpu ?? Number.NaN;
}

/** Summed CPU seconds of this process's descendants whose command name matches `name`. */
export function descendantsCpuSeconds(name: RegExp, root = process.pid): number {
  const all = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => stat(Number(entry)))
    .filter((s): s is Stat => s !== null);
  const children = new Map<number, Stat[]>();
  for (const s of all) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  let total = 0;
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      if (name.test(child.comm)) total += child.cpu;
      walk(child.pid);
    }
  };
  walk(root);
  return total;
}
