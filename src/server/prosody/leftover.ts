/**
 * A Prosody left running by a previous server run. Prosody is our child, but a child outlives a
 * parent that is killed outright (SIGKILL, the OOM killer): it keeps serving on its own and holds
 * the ports and the pidfile lock, so the next start would fail. Before starting ours we stop that
 * one with SIGTERM — it finishes writing its stores, among them the history outbox of
 * mod_portal_history, which the new Prosody then flushes. Only a process whose command line names
 * this data directory's configuration file is touched (docs/prosody.md: a second
 * instance on the same data directory is refused by the pidfile).
 */
import { readFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { ProsodyPaths } from './config';

/** Whether a process runs (signal 0 only checks). */
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function readText(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return null;
  }
}

/** The pid of a running Prosody on this configuration, from its pidfile; null if none. */
export async function leftoverProsody(paths: ProsodyPaths): Promise<number | null> {
  const pid = Number((await readText(paths.pidFile))?.trim());
  if (!Number.isInteger(pid) || pid <= 1 || pid === process.pid || !alive(pid)) return null;
  // /proc (Linux): NUL-separated arguments. Elsewhere nothing is known, so nothing is stopped.
  const command = (await readText(`/proc/${pid}/cmdline`))?.split('\0') ?? [];
  return command.includes(paths.configFile) ? pid : null;
}

/** Stops a leftover Prosody (SIGTERM, then SIGKILL after `graceMs`); its pid, or null if none. */
export async function stopLeftoverProsody(
  paths: ProsodyPaths,
  log: Pick<FastifyBaseLogger, 'warn'>,
  graceMs = 5000,
): Promise<number | null> {
  const pid = await leftoverProsody(paths);
  if (pid === null) return null;
  log.warn({ pid }, 'a Prosody from a previous run is still running on this data directory; stopping it');
  process.kill(pid, 'SIGTERM');
  const end = Date.now() + graceMs;
  while (alive(pid) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  if (alive(pid)) {
    log.warn({ pid }, 'the previous Prosody did not stop; killing it');
    process.kill(pid, 'SIGKILL');
    while (alive(pid)) await new Promise((r) => setTimeout(r, 50));
  }
  return pid;
}
