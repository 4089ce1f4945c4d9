/**
 * `npm run bench -- --load` (docs/architecture.md §5 "Measured capacity"): two server processes on
 * a throwaway PostgreSQL with one Prosody; members over Prosody's c2s port (member-c2s.ts) and
 * providers as the portal holds them (providers.ts: our chat client through a server's WebSocket
 * proxy, the app socket, the page's reads); then a sweep of offered message rates (traffic.ts:
 * history and markers on), each step printed with its delivery latency and the CPU of Prosody,
 * each server, PostgreSQL and the load generator itself, until the p99 passes the target. Ends
 * with memory per session and the history stored against the messages sent. Run it on a machine
 * with nothing else running: no busy core is started here.
 * Options: --members N (default 2000) --providers N (default 50) --rates a,b,… (msg/s, default
 * 100,200,300,400,500,600,800,1000) --seconds N (each step, default 15) --api-every MS (each
 * provider's reads, default 2000).
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startThrowawayPostgres } from '../../lib/throwaway-postgres.mjs';
import { freePort, startStack, type TestStack } from '../../../tests/support/stack';
import { userJid } from '../../../src/shared/chat-address';
import { quantile } from '../bench';
import { cpuMeter, cpuMs, machineBusyMs, rssBytes } from './cpu';
import { connectMember, type C2sMember } from './member-c2s';
import { prosodyProbe, serverProbe } from './probes';
import { readApiAtPace, startProvider, stopProvider, type LoadProvider } from './providers';
import { createTraffic, type StepFigures } from './traffic';

const { values } = parseArgs({
  options: {
    load: { type: 'boolean' },
    members: { type: 'string', default: '2000' },
    providers: { type: 'string', default: '50' },
    rates: { type: 'string', default: '100,200,300,400,500,600,800,1000' },
    seconds: { type: 'string', default: '15' },
    'api-every': { type: 'string', default: '2000' },
  },
});
const MEMBERS = Number(values.members);
const PROVIDERS = Number(values.providers);
const RATES = values.rates.split(',').map(Number);
const SECONDS = Number(values.seconds);
const API_EVERY_MS = Number(values['api-every']);
/** Issue 28's target: the message rate carried with delivery p99 within this. */
const P99_TARGET_MS = 500;
/** The warm-up's rate: every member's first messages, well below what the machine carries. */
const WARM_UP_RATE = 100;
const PASSWORD = 'load-member-pass';
/**
 * Logins at once: all come from 127.0.0.1, and a login in flight counts against the per-address
 * limit of 30 (docs/security.md "Sign-in and chat login limits") until it succeeds.
 */
const LOGIN_BATCH = 20;

/**
 * One scrypt hash for every load member, at N=1024 instead of the real 16384: two thousand real
 * logins would measure scrypt (36 ms of CPU each), not the sessions held afterwards.
 */
function cheapHash(): string {
  const salt = randomBytes(16);
  const key = scryptSync(PASSWORD, salt, 32, { N: 1024, r: 8, p: 1 });
  return ['scrypt', 1024, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

async function insertMembers(client: pg.Client, count: number): Promise<number[]> {
  const { rows } = await client.query<{ id: number }>(
    `insert into chat_users (id, kind, login, password_hash, full_name)
     select nextval('chat_user_id_seq'), 'member', 'load-' || g, $1, 'Load member ' || g
       from generate_series(1, $2::int) g returning id`,
    [cheapHash(), count],
  );
  return rows.map((r) => Number(r.id));
}

async function inBatches<T>(count: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += size)
    out.push(
      ...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, j) => make(i + j)))),
    );
  return out;
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const kb = (bytes: number) => `${fmt(bytes / 1024, 0)} KB`;
const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024, 0)} MB`;

async function storedLoadMessages(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    `select count(*) as n from chat_messages where body like 'load %'`,
  );
  return Number(rows[0]!.n);
}

async function main(): Promise<void> {
  const postgres = await startThrowawayPostgres({ maxConnections: 300 });
  const stacks: TestStack[] = [];
  /** Every member's stream and the probe's, closed at the end. */
  const streams: C2sMember[] = [];
  const members: C2sMember[] = [];
  const providers: LoadProvider[] = [];
  let db: pg.Client | null = null;
  try {
    process.env.TEST_DATABASE_URL = postgres.url;
    const prosodyHttp = String(await freePort());
    const env = { PROSODY_HTTP_PORT: prosodyHttp, LOG_LEVEL: 'error' };
    const a = await startStack({ env });
    stacks.push(a);
    const b = await startStack({ joins: a, env });
    stacks.push(b);
    db = new pg.Client({ connectionString: a.databaseUrl! });
    await db.connect();
    const prosodyPid = Number(readFileSync(path.join(a.dataDir, 'prosody', 'prosody.pid'), 'utf8'));
    const postmaster = Number(
      readFileSync(path.join(postgres.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0],
    );

    console.log(
      `Load run: ${MEMBERS} members over c2s, ${PROVIDERS} providers in the portal, steps of ${SECONDS} s at ${RATES.join(', ')} msg/s`,
    );
    const memory = { prosody: rssBytes(prosodyPid), servers: rssBytes(a.pid()) + rssBytes(b.pid()) };
    // One more account than the members: the stream that probes Prosody (probes.ts).
    const ids = await insertMembers(db, MEMBERS + 1);
    const loginStarted = performance.now();
    const loginErrors = new Map<string, number>();
    const logged = await inBatches(ids.length, LOGIN_BATCH, (i) =>
      connectMember({
        host: '127.0.0.1',
        port: a.c2sPort,
        domain: a.chatDomain,
        username: `${ids[i]}-${a.appId}`,
        password: PASSWORD,
        resource: 'load',
      }).catch((error: Error) => {
        loginErrors.set(error.message, (loginErrors.get(error.message) ?? 0) + 1);
        return null;
      }),
    );
    for (const m of logged) if (m) streams.push(m);
    const probeMember = logged.pop();
    for (const m of logged) if (m) members.push(m);
    console.log(
      `  ${members.length} members logged in over c2s in ${fmt((performance.now() - loginStarted) / 1000)} s`,
    );
    for (const [reason, n] of loginErrors) console.log(`    ${n} × ${reason}`);
    if (members.length < MEMBERS || !probeMember) throw new Error('Not every member logged in');
    const prosodyWithMembers = rssBytes(prosodyPid);

    // Each server's memory per provider from the second half: the first half also warms the code.
    const half = Math.floor(PROVIDERS / 2);
    const serversRss = () => rssBytes(a.pid()) + rssBytes(b.pid());
    providers.push(...(await inBatches(half, 5, (i) => startProvider([a, b][i % 2]!, i))));
    const serversWithHalf = serversRss();
    providers.push(
      ...(await inBatches(PROVIDERS - half, 5, (i) => startProvider([a, b][(half + i) % 2]!, half + i))),
    );
    const serversWithProviders = serversRss();
    console.log(`  ${providers.length} providers signed in, chat and app socket connected`);
    const jidOf = (p: LoadProvider) => userJid(p.chatId, a.appId, a.chatDomain);
    const traffic = createTraffic(members, providers, jidOf);
    const reads = readApiAtPace(providers, API_EVERY_MS);
    const probes = [prosodyProbe(probeMember, a.chatDomain), serverProbe(a.url), serverProbe(b.url)];
    // Prosody's memory under traffic: its collector lets the heap grow between major collections.
    let prosodyPeak = 0;
    const sampler = setInterval(() => (prosodyPeak = Math.max(prosodyPeak, rssBytes(prosodyPid))), 500);

    const meter = cpuMeter({
      Prosody: () => cpuMs(prosodyPid),
      'server 1': () => cpuMs(a.pid()),
      'server 2': () => cpuMs(b.pid()),
      PostgreSQL: () => cpuMs(postmaster, true),
      'load generator': () => cpuMs(process.pid),
      machine: machineBusyMs,
    });
    console.log(
      '\n  offered  delivered   p50 ms   p99 ms (to providers / members)  > 500 ms  markers  API p99 ms  answer p99/max ms: Prosody · server 1 · 2   CPU: Prosody / server 1 / server 2 / PostgreSQL / load generator / machine',
    );
    let carried = 0;
    let sent = 0;
    const row = (label: string, step: StepFigures, cpu: number[], api: ReturnType<typeof reads.take>) => {
      const stalls = probes.map((p) => p.take());
      console.log(
        `  ${label.padStart(7)}  ${`${step.delivered}/${step.sent}`.padStart(11)}  ${fmt(step.p50, 0).padStart(7)}  ${fmt(step.p99, 0).padStart(7)} ${`(${fmt(step.p99ToProviders, 0)} / ${fmt(step.p99ToMembers, 0)})`.padStart(25)}  ${String(step.late).padStart(8)}  ${String(step.markers).padStart(7)}  ${fmt(quantile(api.latencies, 0.99), 0).padStart(10)}  ${stalls
          .map((s) => `${fmt(s.p99, 0)}/${fmt(s.max, 0)}`)
          .join(' · ')
          .padStart(
            30,
          )}   ${cpu.map((c) => fmt(c, 2)).join(' / ')}${api.failed ? `  (${api.failed} API reads failed)` : ''}`,
      );
    };
    // Every member's and provider's first message of the day costs Prosody once (a new archive
    // file, mod_mam's cleanup list): one message each way per member first, shown, not judged.
    {
      meter.start();
      for (const probe of probes) probe.take();
      const step = await traffic.step(WARM_UP_RATE, (2 * members.length) / WARM_UP_RATE);
      sent += step.sent;
      row('warm-up', step, Object.values(meter.usage()), reads.take());
    }
    for (const rate of RATES) {
      meter.start();
      reads.take();
      for (const probe of probes) probe.take();
      const step = await traffic.step(rate, SECONDS);
      const cpu = Object.values(meter.usage());
      const api = reads.take();
      sent += step.sent;
      const holds = step.p99 <= P99_TARGET_MS && step.delivered === step.sent;
      row(String(rate), step, cpu, api);
      if (!holds) break;
      carried = rate;
    }
    await reads.stop();
    for (const probe of probes) probe.stop();
    clearInterval(sampler);

    const historyDeadline = performance.now() + 60_000;
    let stored = await storedLoadMessages(db);
    while (stored < sent && performance.now() < historyDeadline) {
      await new Promise((r) => setTimeout(r, 500));
      stored = await storedLoadMessages(db);
    }
    console.log('\nResults');
    console.log(`  carried with p99 ≤ ${P99_TARGET_MS} ms        ${carried} msg/s (history and markers on)`);
    console.log(`  kept in the history             ${stored} of ${sent} messages sent`);
    console.log(
      `  Prosody memory                  ${mb(memory.prosody)} → ${mb(prosodyWithMembers)} with ${streams.length} sessions: ${kb((prosodyWithMembers - memory.prosody) / streams.length)} a session; at most ${mb(prosodyPeak)} under traffic`,
    );
    console.log(
      `  server memory (both)            ${mb(memory.servers)} → ${mb(serversWithProviders)} with ${providers.length} providers: ${kb((serversWithProviders - serversWithHalf) / (PROVIDERS - half))} a provider (the second ${PROVIDERS - half})`,
    );
  } finally {
    await Promise.allSettled(providers.map(stopProvider));
    await Promise.allSettled(streams.map((m) => m.close()));
    await db?.end().catch(() => undefined);
    for (const s of stacks.reverse()) await s.stop({ remove: true }).catch(() => undefined);
    postgres.stop();
  }
  process.exit(0);
}

await main();
