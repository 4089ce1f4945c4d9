/**
 * docs/architecture.md §4 "Server": own-API load with autocannon. Ours is a token-checked
 * `getDoctorInfo` (session check, one provider read); its reference is the PGlite ceiling measured
 * in the same run (primary-key selects back to back through PGlite's `query()`,
 * scripts/bench/lib/pglite-ceiling.ts), with a target of 0.9× it; the same selects as prepared
 * statements are shown too. A bare Fastify route answering a constant envelope, in its own
 * process, shows what the HTTP layer alone does on this machine. On PostgreSQL (a throwaway
 * cluster, a server of its own) the same read at a fixed 1,000 req/s, with a p99 target of 20 ms;
 * its reference is the bare route's p99 at the same rate, what the machine gives any server.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';
import { provider } from '../../../fixtures';
import { freePort, ROOT, type TestStack } from '../../../tests/support/stack';
import type { BenchSection } from '../bench';
import { pgliteSelectsPerSecond } from '../lib/pglite-ceiling';
import { withPostgresStack } from '../lib/postgres-stack';

const CONNECTIONS = 16;
const FIXED_RATE = 1000;
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

const load = (url: string, seconds: number, headers?: Record<string, string>, overallRate?: number) =>
  autocannon({ url, connections: CONNECTIONS, duration: seconds, headers, overallRate });

/** The read under test and the headers of a signed-in portal (spec §7). */
async function signedInRead(stack: TestStack): Promise<{ url: string; headers: Record<string, string> }> {
  const amelia = provider('amelia');
  const signIn = await fetch(`${stack.url}/api/user/user/sign/in/doctor`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: amelia.email, password: amelia.password }),
  });
  const token = ((await signIn.json()) as { data: { token: string } }).data.token;
  return {
    url: `${stack.url}/api/consultation/invite/doctor/getInfo`,
    headers: { authToken: token, apiVersion: '7', os: 'web', timezone: 'Europe/London' },
  };
}

export const section: BenchSection = {
  name: 'api latency',
  async run({ stack, report, note }) {
    const ours = await signedInRead(stack);
    const bare = await startBareFastify();
    // What this machine gives any HTTP server at the fixed rate: the PostgreSQL p99's reference.
    let bareAtRate: Awaited<ReturnType<typeof load>> | undefined;
    try {
      await load(ours.url, 1, ours.headers);
      const ceiling = await pgliteSelectsPerSecond(SECONDS);
      const measured = await load(ours.url, SECONDS, ours.headers);
      const reference = await load(bare.url, SECONDS);
      bareAtRate = await load(bare.url, SECONDS, undefined, FIXED_RATE);
      note(
        `autocannon, ${CONNECTIONS} connections, ${SECONDS} s; ours = GET /api/consultation/invite/doctor/getInfo on ${stack.databaseUrl ? 'PostgreSQL' : 'PGlite'}; the machine is shared (load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores), so compare ratios, not absolute figures`,
      );
      note(
        'the PGlite ceiling is PGlite query(): it parses and plans each select again; the server runs prepared statements (src/server/db/pglite-statements.ts), whose own ceiling is the "prepared" row',
      );
      report({
        metric: 'authenticated one-query read',
        ours: Math.round(measured.requests.average),
        reference: ceiling.query,
        referenceName: 'PGlite ceiling, same run',
        unit: 'req/s',
        target: { at: 'least', value: 0.9, of: 'ratio' },
      });
      report({
        metric: 'authenticated one-query read',
        ours: Math.round(measured.requests.average),
        reference: ceiling.prepared,
        referenceName: 'PGlite prepared selects',
        unit: 'req/s',
      });
      report({ metric: 'PGlite primary-key selects, back to back', ours: ceiling.query, unit: 'selects/s' });
      report({ metric: 'PGlite prepared primary-key selects', ours: ceiling.prepared, unit: 'selects/s' });
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

    const onPostgres = await withPostgresStack(async (pgStack) => {
      const read = await signedInRead(pgStack);
      await load(read.url, 2, read.headers, FIXED_RATE);
      const fixed = await load(read.url, SECONDS, read.headers, FIXED_RATE);
      const load1 = os.loadavg()[0]!;
      const flat = await load(read.url, SECONDS, read.headers);
      return { fixed, flat, load1 };
    });
    if ('skipped' in onPostgres) {
      note(`PostgreSQL rows skipped: ${onPostgres.skipped}`);
      return;
    }
    const { fixed, flat, load1 } = onPostgres.value;
    note(
      `PostgreSQL: a throwaway cluster (fsync off) and a server of its own without Prosody; autocannon at ${FIXED_RATE} req/s over ${CONNECTIONS} connections, ${SECONDS} s; the machine's load average (1 min) after it: ${load1.toFixed(1)} on ${os.cpus().length} cores`,
    );
    report({
      metric: `PostgreSQL read p99 at ${FIXED_RATE} req/s`,
      ours: fixed.latency.p99,
      reference: bareAtRate?.latency.p99,
      referenceName: 'bare Fastify route, same rate',
      unit: 'ms',
      target: { at: 'most', value: 20, of: 'figure' },
    });
    report({ metric: `PostgreSQL read p50 at ${FIXED_RATE} req/s`, ours: fixed.latency.p50, unit: 'ms' });
    report({
      metric: 'PostgreSQL rate held',
      ours: Math.round(fixed.requests.average),
      reference: FIXED_RATE,
      referenceName: 'asked rate',
      unit: 'req/s',
      target: { at: 'least', value: 0.95, of: 'ratio' },
    });
    report({
      metric: 'PostgreSQL read, as fast as it goes',
      ours: Math.round(flat.requests.average),
      unit: 'req/s',
    });
    report({
      metric: 'PostgreSQL errors and non-2xx',
      ours: fixed.errors + fixed.non2xx + flat.errors + flat.non2xx,
      unit: '',
      target: { at: 'most', value: 0, of: 'figure' },
    });
  },
};
