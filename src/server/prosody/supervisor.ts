/**
 * Starts Prosody as a child process bound to loopback, waits until its ports answer and its pidfile
 * is written, restarts it with back-off if it dies, and stops it with SIGTERM (docs/prosody.md). A
 * port that Prosody cannot open is fatal: Prosody itself would keep running without it. A Prosody
 * that a killed server left running on the same data directory is stopped first (leftover.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { access, constants, readFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { prosodyAllocator, withAllocator, type ProsodyAllocator } from './allocator';
import { prosodyPaths, writeProsodyConfig, type ProsodyPaths, type ProsodySettings } from './config';
import { stopLeftoverProsody } from './leftover';
import { assertPortFree, PortInUseError, waitForPort, waitForUnixSocket } from './ports';

export class ProsodyMissingError extends Error {}

/** Prosody's environment: the hook secret its modules read and the allocator it runs on. */
export function prosodyEnvironment(hookSecret: string, allocator: ProsodyAllocator): NodeJS.ProcessEnv {
  return withAllocator({ ...process.env, PORTAL_HOOK_SECRET: hookSecret }, allocator);
}

/** How long one start of Prosody may take before it counts as hung. */
const START_LIMIT_MS = 60_000;

/** Resolves once `file` holds `pid` (Prosody writes it once its modules are loaded). */
async function waitForPidFile(file: string, pid: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await readFile(file, 'utf8').catch(() => '');
    if (Number(text.trim()) === pid) return;
    if (Date.now() > deadline) throw new Error(`Prosody wrote no pidfile at ${file} in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface ProsodySupervisorOptions {
  bin: string;
  /** PROSODY_MALLOC: null for jemalloc where Debian puts it (allocator.ts). */
  malloc: string | null;
  settings: ProsodySettings;
  hookSecret: string;
  log: FastifyBaseLogger;
}

type State = 'stopped' | 'starting' | 'running' | 'restarting' | 'stopping';

export class ProsodySupervisor {
  readonly #options: ProsodySupervisorOptions;
  #child: ChildProcess | null = null;
  #state: State = 'stopped';
  #restarts = 0;
  #restartTimer: NodeJS.Timeout | null = null;
  #paths: ProsodyPaths | null = null;
  #allocator: ProsodyAllocator = { preload: null, warning: null };
  #startedAt = 0;

  constructor(options: ProsodySupervisorOptions) {
    this.#options = options;
  }

  get paths(): ProsodyPaths {
    if (!this.#paths) throw new Error('Prosody has not been started');
    return this.#paths;
  }

  get pid(): number | null {
    return this.#child?.pid ?? null;
  }

  get running(): boolean {
    return this.#state === 'running';
  }

  async start(): Promise<void> {
    const { bin, settings } = this.#options;
    try {
      await access(bin, constants.X_OK);
    } catch {
      throw new ProsodyMissingError(
        `Prosody is not installed at ${bin}. Run "apt-get install -y prosody prosody-modules" as root (npm start does this when it can), or set PROSODY_BIN.`,
      );
    }
    this.#allocator = prosodyAllocator(this.#options.malloc);
    if (this.#allocator.warning) this.#options.log.warn(this.#allocator.warning);
    await stopLeftoverProsody(prosodyPaths(settings.dataDir), this.#options.log);
    await assertPortFree(settings.c2sPort, 'XMPP_C2S_PORT');
    await assertPortFree(settings.httpPort, 'PROSODY_HTTP_PORT');
    this.#paths = await writeProsodyConfig(settings);
    this.#state = 'starting';
    await this.#spawn();
    this.#state = 'running';
  }

  async #spawn(): Promise<void> {
    const { bin, settings, hookSecret, log } = this.#options;
    const child = spawn(bin, ['-F', '--config', this.paths.configFile], {
      env: prosodyEnvironment(hookSecret, this.#allocator),
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: the terminal's Ctrl-C reaches the server, which stops Prosody in
      // order, instead of Prosody quitting on its own and being restarted mid-shutdown.
      detached: true,
    });
    this.#child = child;
    this.#startedAt = Date.now();
    let portFailure: string | null = null;
    const onLine = (line: string) => {
      if (!line.trim()) return;
      if (/Failed to open server port/.test(line)) portFailure = line;
      if (/\b(error|warn)\b/i.test(line) && this.#state !== 'stopping')
        log.warn({ prosody: line.trim() }, 'prosody');
      else log.debug({ prosody: line.trim() }, 'prosody');
    };
    let pending = '';
    const onData = (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      lines.forEach(onLine);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code, signal) => this.#onExit(child, code, signal));

    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new Error(`Prosody exited during start (code ${code})`))),
    );
    // After a successful start this promise is no longer raced; its rejection is expected.
    exited.catch(() => undefined);
    // Started means serving both ports, having written its pidfile, which the leftover handling
    // reads after a crash (docs/prosody.md "Leftover handling"), and answering on its admin socket:
    // the portal makes the rooms of group dialogs through it right after the start, and nobody else
    // can make them (restrict_room_creation, docs/prosody.md). The limit is for a Prosody that
    // hangs, not a pace: a loaded two-core machine can take many seconds.
    await Promise.race([
      Promise.all([
        waitForPort(settings.c2sPort, START_LIMIT_MS),
        waitForPort(settings.httpPort, START_LIMIT_MS),
        waitForPidFile(this.paths.pidFile, child.pid!, START_LIMIT_MS),
        waitForUnixSocket(this.paths.adminSocket, START_LIMIT_MS),
      ]),
      exited,
    ]);
    // A port in use is only logged by Prosody; give the log a moment to show it.
    await new Promise((r) => setTimeout(r, 100));
    if (portFailure) {
      await this.stop();
      throw takenPort(portFailure, settings);
    }
    log.info({ pid: child.pid, c2sPort: settings.c2sPort, httpPort: settings.httpPort }, 'prosody started');
  }

  #onExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null) {
    if (child !== this.#child) return;
    this.#child = null;
    if (this.#state === 'running') this.#scheduleRestart(`exited (code ${code}, signal ${signal})`);
  }

  #scheduleRestart(reason: string) {
    const { log } = this.#options;
    // A child that ran for a minute resets the back-off.
    if (Date.now() - this.#startedAt > 60_000) this.#restarts = 0;
    const delay = Math.min(30_000, 500 * 2 ** this.#restarts);
    this.#restarts += 1;
    log.error({ reason, delay }, 'prosody stopped unexpectedly; restarting');
    this.#state = 'restarting';
    this.#restartTimer = setTimeout(() => {
      this.#restartTimer = null;
      this.#spawn().then(
        () => {
          if (this.#state === 'restarting') this.#state = 'running';
        },
        (error: unknown) => {
          if (this.#state === 'restarting')
            this.#scheduleRestart(error instanceof Error ? error.message : String(error));
        },
      );
    }, delay);
  }

  async stop(): Promise<void> {
    this.#state = 'stopping';
    if (this.#restartTimer) clearTimeout(this.#restartTimer);
    const child = this.#child;
    this.#child = null;
    if (child && child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      });
    }
    this.#state = 'stopped';
  }
}

/** Which of Prosody's two ports a "Failed to open server port N" line is about. */
function takenPort(line: string, settings: { c2sPort: number; httpPort: number }): PortInUseError {
  const port = Number(/port (\d+)/.exec(line)?.[1]);
  return port === settings.httpPort
    ? new PortInUseError(settings.httpPort, 'PROSODY_HTTP_PORT')
    : new PortInUseError(settings.c2sPort, 'XMPP_C2S_PORT');
}
