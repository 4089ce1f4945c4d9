/**
 * The bench's own load (docs/performance.md "Runs"): one process that keeps one core busy for
 * as long as the sections run, at normal priority, as a provider's laptop or a CI machine runs
 * other work beside ours. A figure that holds only on an idle machine does not hold. It runs in a
 * session of its own, as another program would: with the kernel's autogroup scheduling (Debian's
 * default) a process shares the CPU with its own session's first, so in the bench's session it
 * would take its share from the stack and the clients instead of from the machine.
 */
import { spawn } from 'node:child_process';
import { cpuMs } from '../load/cpu';

/** Arithmetic the optimiser cannot drop, forever. */
const SPIN = 'let x = 1; for (;;) { x = (x * 1103515245 + 12345) % 2147483648; }';

export interface BusyCore {
  pid: number;
  /** The cores it used since it started (1 = one whole core), e.g. 0.93 on a crowded machine. */
  share(): number;
  stop(): Promise<void>;
}

export async function startBusyCore(): Promise<BusyCore> {
  const child = spawn(process.execPath, ['-e', SPIN], { stdio: 'ignore', detached: true });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  const pid = child.pid!;
  const startedAt = performance.now();
  const cpuAtStart = cpuMs(pid);
  // A bench that ends or is interrupted must not leave a core spinning; being in a session of
  // its own, it does not get the terminal's Ctrl-C.
  const kill = () => child.kill('SIGKILL');
  const interrupted = (signal: NodeJS.Signals) => {
    kill();
    process.kill(process.pid, signal);
  };
  process.once('exit', kill);
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  return {
    pid,
    share: () => (cpuMs(pid) - cpuAtStart) / (performance.now() - startedAt),
    async stop() {
      process.removeListener('exit', kill);
      process.removeListener('SIGINT', interrupted);
      process.removeListener('SIGTERM', interrupted);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
