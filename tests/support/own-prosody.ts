/**
 * A Prosody of a test's or the bench's own beside a running stack: the product's configuration
 * (src/server/prosody/config.ts, history reporting on) with the settings or the text a caller
 * changes, in its own data directory, asking the stack's server about logins and reporting history
 * to it. Clients reach its WebSocket directly. The product's configuration is never changed.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { prosodyAllocator } from '../../src/server/prosody/allocator';
import { prosodyEnvironment } from '../../src/server/prosody/supervisor';
import { PROSODY_HOOK_PREFIX } from '../../src/server/prosody/hooks';
import {
  prosodyPaths,
  renderProsodyConfig,
  writeProsodyConfig,
  type ProsodySettings,
} from '../../src/server/prosody/config';
import { freePort, type StackInfo } from './stack';

export interface OwnProsody {
  /** `ws://…/xmpp-websocket` of this Prosody. */
  wsUrl: string;
  dataDir: string;
  pid: number;
  stop(): Promise<void>;
}

export interface OwnProsodyOptions {
  /** Settings over the stack's (an archive item limit, say). */
  settings?: Partial<Pick<ProsodySettings, 'archiveItemLimit' | 'resumptionSeconds' | 'pingSeconds'>>;
  /** The configuration's text as written, changed (the bench lifts the rate limit). */
  rewrite?(config: string): string;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export async function startOwnProsody(
  stack: StackInfo,
  options: OwnProsodyOptions = {},
): Promise<OwnProsody> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'own-prosody-'));
  const settings: ProsodySettings = {
    dataDir,
    domain: stack.chatDomain,
    c2sPort: await freePort(),
    httpPort: await freePort(),
    hookBaseUrl: `${stack.url}${PROSODY_HOOK_PREFIX}`,
    extraModules: ['portal_history'],
    extraMucModules: ['portal_history'],
    ...options.settings,
  };
  const paths = await writeProsodyConfig(settings);
  const config = renderProsodyConfig(settings);
  await writeFile(paths.configFile, options.rewrite ? options.rewrite(config) : config);
  const { prosodyHook } = JSON.parse(await readFile(path.join(stack.dataDir, 'secrets.json'), 'utf8')) as {
    prosodyHook: string;
  };
  const child = spawn(process.env.PROSODY_BIN || '/usr/bin/prosody', ['-F', '--config', paths.configFile], {
    // The environment and allocator of the product's Prosody (src/server/prosody/supervisor.ts).
    env: prosodyEnvironment(prosodyHook, prosodyAllocator(process.env.PROSODY_MALLOC ?? null)),
    stdio: 'ignore',
  });
  // A limit for a Prosody that hangs, not a pace: it listens within a second.
  const deadline = Date.now() + 15_000;
  while (!(await accepts(settings.httpPort)) || !(await accepts(settings.c2sPort))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('The own Prosody did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    wsUrl: `ws://127.0.0.1:${settings.httpPort}/xmpp-websocket`,
    dataDir,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(prosodyPaths(dataDir).root, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
