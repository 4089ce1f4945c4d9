/**
 * docs/performance.md "Server": own-API load with autocannon. Ours is a token-checked
 * `getDoctorInfo` (session check, one provider read). Its floor is what one prepared select
 * behind a bare HTTP route can do on this machine, composed from two figures of the same run —
 * PGlite prepared primary-key selects back to back in this process
 * (scripts/bench/lib/pglite-ceiling.ts) and a bare Fastify route answering a constant envelope in
 * a process of its own: 1 / (1 / selects per second + 1 / bare requests per second). The three are
 * measured in short slices taken in turn, so a busy moment of the machine falls on all of them
 * alike. On PostgreSQL (a throwaway cluster, a server of its own) the same read at a fixed 1,000
 * req/s, paced and open-loop (scripts/bench/lib/paced-load.ts), with a p99 target of 20 ms; its
 * reference is the bare route's p99 under the same load.
 */
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { provider } from '../../../fixtures';
import { freePort, ROOT, type TestStack } from '../../../tests/support/stack';
import { quantile, type BenchSection } from '../bench';
import { cpuMs } from '../load/cpu';
import { pacedLoad } from '../lib/paced-load';
import { openPgliteCeiling, type PgliteCeiling, type Slice } from '../lib/pglite-ceiling';
import { startPostgresStack, type PostgresStack } from '../lib/postgres-stack';

const CONNECTIONS = 16;
const FIXED_RATE = 1000;
const quick = process.argv.includes('--quick');
/** Seconds of load for each of ours, the bare route and the selects, in slices of SLICE_S. */
const SECONDS = quick ? 2 : 10;
const SLICE_S = 2;
/** Seconds at the fixed rate on PostgreSQL. */
const FIXED_SECONDS = quick ? 3 : 10;
/**
 * Seconds each measured paced load first runs against the generator's own server (paced-load.ts);
 * shorter in `--quick`, which must stay under three minutes (docs/performance.md "Quick mode").
 */
const GENERATOR_WARM_UP_S = quick ? 1 : 2;
/** Issue 28: at least this share of the composed floor. */
const FLOOR_TARGET = 0.8;

interface BareRoute {
  url: string;
  pid: number;
  stop(): void;
}

async function startBareFastify(): Promise<BareRoute> {
  const port = await freePort();
  const code = `const f=require('fastify')();f.get('/bare',async()=>({code:'OK',message:'success',data:{ok:true}}));f.listen({port:${port},host:'127.0.0.1'}).then(()=>console.log('ready'));`;
  const child = spawn(process.execPath, ['-e', code], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) =>
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve()),
  );
  return { url: `http://127.0.0.1:${port}/bare`, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

const load = (url: string, seconds: number, headers?: Record<string, string>) =>
  autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });

const paced = (
  url: string,
  seconds: number,
  headers?: Record<string, string>,
  warmUpSeconds = GENERATOR_WARM_UP_S,
) => pacedLoad(url, { rate: FIXED_RATE, seconds, connections: CONNECTIONS, headers, warmUpSeconds });

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

/** An HTTP load's slices added up: requests, time, the server's CPU, latencies of each slice. */
class HttpTotals {
  requests = 0;
  ms = 0;
  failures = 0;
  serverCpuMs = 0;
  p50: number[] = [];
  p99: number[] = [];
  perSecond = () => (this.requests / this.ms) * 1000;
  cpuPerRequestUs = () => (this.serverCpuMs / this.requests) * 1000;
  async slice(url: string, serverPid: number, headers?: Record<string, string>): Promise<void> {
    const cpuBefore = cpuMs(serverPid);
    const result = await load(url, SLICE_S, headers);
    this.serverCpuMs += cpuMs(serverPid) - cpuBefore;
    this.requests += result.requests.total;
    this.ms += result.duration * 1000;
    this.failures += result.errors + result.non2xx;
    this.p50.push(result.latency.p50);
    this.p99.push(result.latency.p99);
  }
}

const round1 = (ms: number) => Math.round(ms * 10) / 10;

const rate = (slices: Slice[]) =>
  (slices.reduce((s, x) => s + x.count, 0) / slices.reduce((s, x) => s + x.ms, 0)) * 1000;

interface Shared {
  read: { url: string; headers: Record<string, string> };
  bare: BareRoute;
  ceiling: PgliteCeiling;
  postgres: PostgresStack | { skipped: string };
  pgRead: { url: string; headers: Record<string, string> } | null;
}

export const section: BenchSection<Shared> = {
  name: 'api latency',
  async setup({ stack }) {
    const read = await signedInRead(stack);
    const bare = await startBareFastify();
    const ceiling = await openPgliteCeiling();
    const postgres = await startPostgresStack();
    const pgRead = 'stack' in postgres ? await signedInRead(postgres.stack) : null;
    // Warm-up, unmeasured: the first requests of each server and the first selects.
    await load(read.url, 1, read.headers);
    await load(bare.url, 1);
    await ceiling.prepared(500);
    // The server's warm-up, so the generator's own is not needed (nothing of it is measured).
    if (pgRead) await paced(pgRead.url, 2, pgRead.headers, 0);
    return { read, bare, ceiling, postgres, pgRead };
  },
  async teardown({ bare, ceiling, postgres }) {
    bare.stop();
    await ceiling.close();
    if ('stack' in postgres) await postgres.stop();
  },
  async run({ stack, report, note }, { read, bare, ceiling, postgres, pgRead }) {
    const ours = new HttpTotals();
    const route = new HttpTotals();
    const prepared: Slice[] = [];
    const serverPid = stack.pid()!;
    const steps = [
      () => ours.slice(read.url, serverPid, read.headers),
      () => route.slice(bare.url, bare.pid),
      async () => void prepared.push(await ceiling.prepared(SLICE_S * 1000)),
    ];
    for (let i = 0; i < SECONDS / SLICE_S; i++)
      for (let j = 0; j < steps.length; j++) await steps[(i + j) % steps.length]!();
    const queried = await ceiling.query(SLICE_S * 1000);
    const selects = rate(prepared);
    const floor = 1 / (1 / selects + 1 / route.perSecond());
    note(
      `autocannon, ${CONNECTIONS} connections; ours = GET /api/consultation/invite/doctor/getInfo on ${stack.databaseUrl ? 'PostgreSQL' : 'PGlite'}; ours, the bare route and the prepared selects ${SECONDS} s each in ${SLICE_S}-s slices taken in turn; floor = 1 / (1 / selects + 1 / bare requests), one prepared select behind a bare route`,
    );
    report({
      metric: 'authenticated one-query read',
      ours: Math.round(ours.perSecond()),
      reference: Math.round(floor),
      referenceName: 'prepared select + bare route, same run',
      unit: 'req/s',
      target: { at: 'least', value: FLOOR_TARGET, of: 'ratio' },
    });
    report({
      metric: 'PGlite prepared primary-key selects, back to back',
      ours: Math.round(selects),
      unit: 'selects/s',
    });
    report({ metric: 'bare Fastify route', ours: Math.round(route.perSecond()), unit: 'req/s' });
    report({
      metric: 'PGlite query() primary-key selects (parsed and planned each time)',
      ours: Math.round(rate([queried])),
      unit: 'selects/s',
    });
    report({
      metric: 'server CPU per request',
      ours: Math.round(ours.cpuPerRequestUs()),
      reference: Math.round(route.cpuPerRequestUs()),
      referenceName: 'bare Fastify route',
      unit: 'µs',
    });
    report({ metric: 'read p50 (median of slices)', ours: quantile(ours.p50, 0.5), unit: 'ms' });
    report({
      metric: 'read p99 (median of slices)',
      ours: quantile(ours.p99, 0.5),
      reference: quantile(route.p99, 0.5),
      referenceName: 'bare Fastify route',
      unit: 'ms',
    });
    report({
      metric: 'errors and non-2xx',
      ours: ours.failures,
      unit: '',
      target: { at: 'most', value: 0, of: 'figure' },
    });

    if (!('stack' in postgres) || !pgRead) {
      note(`PostgreSQL rows skipped: ${'skipped' in postgres ? postgres.skipped : 'no stack'}`);
      return;
    }
    const bareAtRate = await paced(bare.url, FIXED_SECONDS);
    const fixed = await paced(pgRead.url, FIXED_SECONDS, pgRead.headers);
    const flat = await load(pgRead.url, quick ? SLICE_S : SLICE_S * 2, pgRead.headers);
    note(
      `PostgreSQL: a throwaway cluster (fsync off) and a server of its own without Prosody; ${FIXED_RATE} req/s paced over up to ${CONNECTIONS} connections for ${FIXED_SECONDS} s, each latency from when its request was due; the generator sent at most ${fixed.worstSendLagMs.toFixed(1)} ms late (bare route: ${bareAtRate.worstSendLagMs.toFixed(1)} ms)`,
    );
    report({
      metric: `PostgreSQL read p99 at ${FIXED_RATE} req/s`,
      ours: round1(quantile(fixed.latenciesMs, 0.99)),
      reference: round1(quantile(bareAtRate.latenciesMs, 0.99)),
      referenceName: 'bare Fastify route, same rate',
      unit: 'ms',
      target: { at: 'most', value: 20, of: 'figure' },
    });
    report({
      metric: `PostgreSQL read p50 at ${FIXED_RATE} req/s`,
      ours: round1(quantile(fixed.latenciesMs, 0.5)),
      unit: 'ms',
    });
    report({
      metric: 'PostgreSQL rate held',
      ours: Math.round(fixed.perSecond),
      reference: FIXED_RATE,
      referenceName: 'asked rate',
      unit: 'req/s',
      target: { at: 'least', value: 0.95, of: 'ratio' },
    });
    report({
      metric: 'PostgreSQL read, as fast as it goes',
      ours: Math.round(flat.requests.total / flat.duration),
      unit: 'req/s',
    });
    report({
      metric: 'PostgreSQL errors and non-2xx',
      ours: fixed.failures + flat.errors + flat.non2xx,
      unit: '',
      target: { at: 'most', value: 0, of: 'figure' },
    });
  },
};
