/**
 * Server entry point (`npm start` runs it after the bootstrap): opens and migrates the database,
 * seeds it on first run, starts the HTTP server and then Prosody (whose logins call back into the
 * server), and stops everything on SIGINT/SIGTERM. Start-up failures end with one clear line.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import type { ServerContext } from './context';
import { DatabaseUnavailableError, openDatabase, redact } from './db/database';
import { migrate } from './db/migrate';
import { EventBus } from './events/event-bus';
import { PgEventRelay } from './events/pg-relay';
import { prosodyPaths } from './prosody/config';
import { leftoverProsody } from './prosody/leftover';
import { SessionCache } from './auth/session-cache';
import { ClusterPresence } from './socket/presence';
import { appSockets } from './socket/registry';
import { SERVER_MODULES } from './modules';
import { PortInUseError, assertPortFree, freePort } from './prosody/ports';
import { PROSODY_HOOK_PREFIX } from './prosody/hooks';
import { ProsodyAllocatorError, prosodyAllocator } from './prosody/allocator';
import { ProsodyMissingError, ProsodySupervisor } from './prosody/supervisor';
import { loadOrCreateSecrets } from './secrets';
import { runSeeders } from './seed';
import { printBanner } from './banner';
import { loadTls, TlsMaterialError } from './http/tls';

export const SERVER_INFO_FILE = 'server.json';

/**
 * `START_TIMING=1` prints how long each start-up step took, on stderr (docs/performance.md
 * "Warm start"); `npm start` prints its bootstrap steps the same way.
 */
const START_TIMING = process.env.START_TIMING === '1';
async function step<T>(label: string, work: () => Promise<T>): Promise<T> {
  if (!START_TIMING) return work();
  const started = performance.now();
  const cpu = process.cpuUsage();
  try {
    return await work();
  } finally {
    const used = process.cpuUsage(cpu);
    console.error(
      `⏱ server: ${label} ${Math.round(performance.now() - started)} ms (cpu ${Math.round((used.user + used.system) / 1000)} ms)`,
    );
  }
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

export async function startServer(config: ServerConfig): Promise<RunningServer> {
  // A taken port is said at once, not after the database is opened, migrated and seeded; listen
  // and Prosody's start check again (something may take a port in between). A Prosody that a
  // killed run of ours left on this data directory holds the c2s port: the supervisor stops it.
  if (config.port > 0) await assertPortFree(config.port, 'PORT', config.host);
  if (
    config.chat.prosodyBin &&
    config.chat.c2sPort > 0 &&
    (await leftoverProsody(prosodyPaths(config.dataDir))) === null
  )
    await assertPortFree(config.chat.c2sPort, 'XMPP_C2S_PORT');
  // So is an allocator PROSODY_MALLOC names that is not there (prosody/allocator.ts); the
  // supervisor asks again when it starts Prosody.
  if (config.chat.prosodyBin) prosodyAllocator(config.chat.prosodyMalloc);
  const secrets = await loadOrCreateSecrets(config.dataDir);
  const db = await step('open database', () =>
    openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }),
  );
  const cleanup: Array<() => Promise<void> | void> = [() => db.destroy()];
  const stopAll = async () => {
    for (const step of cleanup.reverse())
      await Promise.resolve(step()).catch((e: unknown) => console.error(e));
    cleanup.length = 0;
  };
  try {
    await step('migrate', () => migrate(db));
    if (config.seed) await step('seed', () => runSeeders({ db, secrets, now: Date.now() }));

    const chatPorts = {
      c2s: config.chat.c2sPort || (await freePort()),
      http: config.chat.prosodyHttpPort || (await freePort()),
    };
    let prosody: ProsodySupervisor | null = null;
    // docs/architecture.md §5: without a Prosody of its own, a cluster process uses the one another
    // process supervises, on the configured HTTP port and the admin socket in the shared DATA_DIR.
    const prosodyElsewhere = !config.chat.prosodyBin && config.chat.prosodyHttpPort > 0;
    const events = new EventBus();
    // `log` is set by buildApp to the Fastify logger before anything uses it.
    const ctx = { config, db, secrets, events, sessionCache: new SessionCache(events) } as ServerContext;
    const tls = await step('tls', () => loadTls(config));
    const { app, deps, internal } = await step('build app', () =>
      buildApp(ctx, {
        tls,
        modules: SERVER_MODULES,
        prosodyHttpPort: () => (prosody?.running || prosodyElsewhere ? chatPorts.http : null),
        prosodyAdminSocket: () =>
          prosody?.running
            ? prosody.paths.adminSocket
            : prosodyElsewhere
              ? prosodyPaths(config.dataDir).adminSocket
              : null,
        logger: { level: config.logLevel },
      }),
    );
    events.onError((error) => app.log.error({ err: error }, 'event listener failed'));
    if (config.databaseUrl) {
      const relay = await PgEventRelay.start(config.databaseUrl, events, app.log);
      cleanup.push(() => relay.stop());
      const presence = await ClusterPresence.start(db, appSockets, relay.origin, app.log);
      ctx.presence = presence;
      cleanup.push(() => presence.stop());
    }
    cleanup.push(() => app.close());

    try {
      await step('listen', () => app.listen({ port: config.port, host: config.host }));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
        throw new PortInUseError(config.port, 'PORT');
      throw error;
    }
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `${tls ? 'https' : 'http'}://${config.host}:${port}`;
    // Beside a TLS port, Prosody's hooks and the admin command use plain HTTP on loopback
    // (BuiltApp.internal); without TLS they use the one port.
    let internalUrl = `http://127.0.0.1:${port}`;
    if (tls) {
      const server = http.createServer(internal);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => resolve());
      });
      cleanup.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
      internalUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    }

    if (config.chat.prosodyBin) {
      prosody = new ProsodySupervisor({
        bin: config.chat.prosodyBin,
        malloc: config.chat.prosodyMalloc,
        hookSecret: secrets.prosodyHook,
        log: app.log,
        settings: {
          dataDir: config.dataDir,
          domain: config.chat.domain,
          c2sPort: chatPorts.c2s,
          httpPort: chatPorts.http,
          hookBaseUrl: `${config.chat.hookOrigin ?? internalUrl}${PROSODY_HOOK_PREFIX}`,
          // Chat history reports (mod_portal_history.lua), one-to-one and in rooms, and the reads of
          // archived messages over XMPP (mod_portal_archive_reads.lua).
          extraModules: ['portal_history', 'portal_archive_reads'],
          extraMucModules: ['portal_history'],
          historyReportTimeout: config.chat.historyReportTimeoutSeconds,
          pingSeconds: config.chat.pingSeconds,
          resumptionSeconds: config.chat.resumptionSeconds,
        },
      });
      const started = prosody;
      cleanup.push(() => started.stop());
      await step('prosody', () => started.start());
    }
    await step('modules', async () => {
      for (const module of SERVER_MODULES) {
        await module.start?.(ctx, deps);
        if (module.stop) cleanup.push(() => module.stop!());
      }
    });

    const infoFile = path.join(config.dataDir, SERVER_INFO_FILE);
    await writeFile(
      infoFile,
      JSON.stringify(
        {
          url,
          internalUrl,
          port,
          pid: process.pid,
          c2sPort: prosody ? chatPorts.c2s : prosodyElsewhere ? config.chat.c2sPort : null,
        },
        null,
        2,
      ),
    );
    cleanup.push(() => rm(infoFile, { force: true }));
    return { url, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

const KNOWN_FAILURES = [
  ConfigError,
  TlsMaterialError,
  PortInUseError,
  DatabaseUnavailableError,
  ProsodyMissingError,
  ProsodyAllocatorError,
];

async function main() {
  if (START_TIMING) {
    const used = process.cpuUsage();
    console.error(
      `⏱ server: code loaded ${Math.round(performance.now())} ms (cpu ${Math.round((used.user + used.system) / 1000)} ms)`,
    );
  }
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(`Cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
  // Signals are handled from the first moment: a Ctrl-C during migration, seeding or Prosody's
  // start lets the current step finish, then stops what was started instead of killing it halfway.
  let server: RunningServer | null = null;
  let stopRequested: string | null = null;
  const stop = async (signal: string) => {
    if (stopRequested) return;
    stopRequested = signal;
    if (!server) {
      console.log(`\n${signal} received; stopping once the current start-up step is done…`);
      return;
    }
    console.log(`\n${signal} received; stopping the portal, Prosody and the database…`);
    await server.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  try {
    server = await startServer(config);
  } catch (error) {
    if (KNOWN_FAILURES.some((kind) => error instanceof kind)) {
      console.error(`Cannot start: ${(error as Error).message}`);
    } else {
      console.error(`Cannot start: ${(error as Error).message ?? error} (set LOG_LEVEL=debug for details)`);
      if (config.logLevel === 'debug') console.error(error);
    }
    process.exit(1);
  }
  if (stopRequested) {
    await server.stop();
    process.exit(0);
  }
  printBanner(server.url, config, config.databaseUrl ? redact(config.databaseUrl) : null);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? '')) {
  void main();
}
