/**
 * A Prosody for the bench only, without the c2s rate limit (docs/architecture.md §4): the product's
 * configuration (src/server/prosody/config.ts, history reporting on) minus `limits`, in its own data
 * directory, asking the bench stack's server about logins and reporting history to it. Clients reach
 * its WebSocket directly. The product's configuration never lifts the limit.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PROSODY_HOOK_PREFIX } from '../../../src/server/prosody/hooks';
import { prosodyPaths, renderProsodyConfig, writeProsodyConfig } from '../../../src/server/prosody/config';
import { freePort, type StackInfo } from '../../../tests/support/stack';

export interface BenchProsody {
  /** `ws://…/xmpp-websocket` of this Prosody. */
  wsUrl: string;
  dataDir: string;
  pid: number;
  stop(): Promise<void>;
}

/** The product's configuration with the rate limit and its module taken out. */
export function withoutRateLimit(config: string): string {
  const lifted = config
    .replace(/"limits", /, '')
    .replace(/limits = \{\n\s+c2s = \{ rate = "[^"]+" \};\n\}\n/, '');
  // mod_limits by its name and its option block; our own modules may say "limits" in theirs
  // (portal_call_limits).
  if (lifted === config || /"limits"|^limits\s*=/m.test(lifted))
    throw new Error('The Prosody configuration no longer has the rate limit this bench lifts');
  return lifted;
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

export async function startUnlimitedProsody(stack: StackInfo): Promise<BenchProsody> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-prosody-'));
  const settings = {
    dataDir,
    domain: stack.chatDomain,
    c2sPort: await freePort(),
    httpPort: await freePort(),
    hookBaseUrl: `${stack.url}${PROSODY_HOOK_PREFIX}`,
    extraModules: ['portal_history'],
    extraMucModules: ['portal_history'],
  };
  const paths = await writeProsodyConfig(settings);
  await writeFile(paths.configFile, withoutRateLimit(renderProsodyConfig(settings)));
  const { prosodyHook } = JSON.parse(await readFile(path.join(stack.dataDir, 'secrets.json'), 'utf8')) as {
    prosodyHook: string;
  };
  const child = spawn(process.env.PROSODY_BIN || '/usr/bin/prosody', ['-F', '--config', paths.configFile], {
    env: { ...process.env, PORTAL_HOOK_SECRET: prosodyHook },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 15_000;
  while (!(await accepts(settings.httpPort)) || !(await accepts(settings.c2sPort))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('The bench Prosody did not start');
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
