/**
 * docs/architecture.md §4 "Server": own-API load with autocannon. Ours is a token-checked
 * `getDoctorInfo` (session check, one provider read); its reference is the PGlite ceiling measured
 * in the same run (primary-key selects back to back, scripts/bench/lib/pglite-ceiling.ts), with a
 * target of 0.9× it. A bare Fastify route answering a constant envelope, in its own process, shows
 * what the HTTP layer alone does on this machine.
 */
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { provider } from '../../../fixtures';
import { freePort, ROOT } from '../../../tests/support/stack';
import type { BenchSection } from '../bench';
import { pgliteSelectsPerSecond } from '../lib/pglite-ceiling';

const CONNECTIONS = 16;
const quick = process.argv.includes('--quick');
const SECONDS = quick ? 3 : 10;

async function startBareFastify(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const code = `const f=require('fastify')();f.get('/bare',async()=>({code:'OK',message:'success',data:{ok:true}}));f.listen({port:${port},host:'127.0.0.1'}).then(()=>console.log('ready'));`;
  const child = spawn(process.execPath, ['-e', code], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) =>
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve()),
  );
  return { url: `http://127.0.0.1:${port}/bare`, stop: () => child.kill('SIGTERM') };
}

const load = (url: string, seconds: number, headers?: Record<string, string>) =>
  autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });

export const section: BenchSection = {
  name: 'api latency',
  async run({ stack, report, note }) {
    const amelia = provider('amelia');
    const signIn = await fetch(`${stack.url}/api/user/user/sign/in/doctor`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: amelia.email, password: amelia.password }),
    });
    const token = ((await signIn.json()) as { data: { token: string } }).data.token;
    const headers = { authToken: token, apiVersion: '7', os: 'web', timezone: 'Europe/London' };
    const ours = `${stack.url}/api/consultation/invite/doctor/getInfo`;
    const bare = await startBareFastify();
    try {
      await load(ours, 1, headers);
      const ceiling = await pgliteSelectsPerSecond(SECONDS);
      const measured = await load(ours, SECONDS, headers);
      const reference = await load(bare.url, SECONDS);
      note(
        `autocannon, ${CONNECTIONS} connections, ${SECONDS} s; ours = GET /api/consultation/invite/doctor/getInfo on ${stack.databaseUrl ? 'PostgreSQL' : 'PGlite'}; the machine is shared, so compare ratios, not absolute figures`,
      );
      report({
        metric: 'authenticated one-query read',
        ours: Math.round(measured.requests.average),
        reference: Math.round(ceiling),
        referenceName: 'PGlite ceiling, same run',
        unit: 'req/s',
        target: { at: 'least', value: 0.9, of: 'ratio' },
      });
      report({
        metric: 'PGlite primary-key selects, back to back',
        ours: ceiling,
        unit: 'selects/s',
      });
      report({ metric: 'read p50', ours: measured.latency.p50, unit: 'ms' });
      report({
        metric: 'read p99',
        ours: measured.latency.p99,
        reference: reference.latency.p99,
        referenceName: 'bare Fastify route',
        unit: 'ms',
      });
      report({
        metric: 'bare Fastify route',
        ours: Math.round(reference.requests.average),
        unit: 'req/s',
      });
      report({
        metric: 'errors and non-2xx',
        ours: measured.errors + measured.non2xx,
        unit: '',
        target: { at: 'most', value: 0, of: 'figure' },
      });
    } finally {
      bare.stop();
    }
  },
};
