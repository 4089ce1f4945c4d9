/**
 * `npm run bench -- --load` (docs/architecture.md §5 "Measured capacity"): two server processes on
 * a throwaway PostgreSQL with one Prosody, then members over Prosody's c2s port (idle sessions, and
 * pairs exchanging messages answered by a displayed marker, XEP-0333) and providers (API reads on
 * both processes, one app socket each) at once. Prints sessions held, messages/s with p50/p99,
 * API req/s with p99, and the CPU share of Prosody, each server and PostgreSQL.
 * Options: --members N (idle + active, default 1000) --pairs N (default 50) --providers N
 * (default 20) --seconds N (default 30).
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { xml } from '@xmpp/client';
import autocannon from 'autocannon';
import { startThrowawayPostgres } from '../../lib/throwaway-postgres.mjs';
import { apiClient } from '../../../tests/support/api';
import { connectPeer, stopPeer } from '../../../tests/support/xmpp-peer';
import { freePort, startStack, type TestStack } from '../../../tests/support/stack';
import { connectRaw, socketUrl, type RawPeer } from '../../../tests/integration/app-socket-support';
import { quantile } from '../bench';
import { cpuMeter, cpuMs } from './cpu';

type Peer = Awaited<ReturnType<typeof connectPeer>>;

const { values } = parseArgs({
  options: {
    load: { type: 'boolean' },
    members: { type: 'string', default: '1000' },
    pairs: { type: 'string', default: '50' },
    providers: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '30' },
  },
});
const MEMBERS = Number(values.members);
const PAIRS = Math.min(Number(values.pairs), Math.floor(MEMBERS / 2));
const PROVIDERS = Number(values.providers);
const SECONDS = Number(values.seconds);
const PASSWORD = 'load-member-pass';
/**
 * Logins at once: all come from 127.0.0.1, and a login in flight counts against the per-address
 * limit of 30 (docs/security.md "Sign-in and chat login limits") until it succeeds.
 */
const LOGIN_BATCH = 20;

/**
 * One scrypt hash for every load member, at N=1024 instead of the real 16384: a thousand real
 * logins would measure scrypt (36 ms of CPU each), not the sessions held afterwards.
 */
function cheapHash(): string {
  const salt = randomBytes(16);
  const key = scryptSync(PASSWORD, salt, 32, { N: 1024, r: 8, p: 1 });
  return ['scrypt', 1024, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

async function insertMembers(databaseUrl: string, count: number): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const hash = cheapHash();
  const { rows } = await client.query<{ id: number }>(
    `insert into chat_users (id, kind, login, password_hash, full_name)
     select nextval('chat_user_id_seq'), 'member', 'load-' || g, $1, 'Load member ' || g
       from generate_series(1, $2::int) g returning id`,
    [hash, count],
  );
  await client.end();
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

async function main(): Promise<void> {
  const postgres = await startThrowawayPostgres({ maxConnections: 300 });
  const stacks: TestStack[] = [];
  const members: Peer[] = [];
  const sockets: RawPeer[] = [];
  try {
    process.env.TEST_DATABASE_URL = postgres.url;
    const prosodyHttp = String(await freePort());
    const a = await startStack({ env: { PROSODY_HTTP_PORT: prosodyHttp, LOG_LEVEL: 'error' } });
    stacks.push(a);
    const b = await startStack({ joins: a, env: { PROSODY_HTTP_PORT: prosodyHttp, LOG_LEVEL: 'error' } });
    stacks.push(b);
    const prosodyPid = Number(readFileSync(path.join(a.dataDir, 'prosody', 'prosody.pid'), 'utf8'));
    const postmaster = Number(
      readFileSync(path.join(postgres.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0],
    );

    console.log(`Load run: ${MEMBERS} members (${PAIRS} active pairs), ${PROVIDERS} providers, ${SECONDS} s`);
    const ids = await insertMembers(a.databaseUrl!, MEMBERS);
    const loginStarted = performance.now();
    let failedLogins = 0;
    const loginErrors = new Map<string, number>();
    const peers = await inBatches(ids.length, LOGIN_BATCH, async (i) => {
      try {
        return await connectPeer({
          service: `xmpp://127.0.0.1:${a.c2sPort}`,
          domain: a.chatDomain,
          username: `${ids[i]}-${a.appId}`,
          password: PASSWORD,
          resource: 'load',
        });
      } catch (error) {
        failedLogins += 1;
        const reason = (error as Error).message || String(error);
        loginErrors.set(reason, (loginErrors.get(reason) ?? 0) + 1);
        return null;
      }
    });
    for (const p of peers) if (p) members.push(p);
    const loginSeconds = (performance.now() - loginStarted) / 1000;
    console.log(
      `  ${members.length} XMPP sessions logged in over c2s in ${fmt(loginSeconds)} s (${failedLogins} failed)`,
    );
    for (const [reason, n] of loginErrors) console.log(`    ${n} × ${reason}`);

    const providers = await inBatches(PROVIDERS, 5, (i) => apiClient([a, b][i % 2]!).signUpFresh(`load${i}`));
    for (const [i, p] of providers.entries())
      sockets.push(await connectRaw(socketUrl([a, b][i % 2]!.url), p.token));

    const meter = cpuMeter({
      prosody: () => cpuMs(prosodyPid),
      'server 1': () => cpuMs(a.pid()),
      'server 2': () => cpuMs(b.pid()),
      postgresql: () => cpuMs(postmaster, true),
      'this load generator': () => cpuMs(process.pid),
    });
    const latencies: number[] = [];
    let delivered = 0;
    let markers = 0;
    let running = true;
    const jid = (peer: Peer) => String((peer as unknown as { jid: { toString(): string } }).jid);
    const pairs = Array.from({ length: PAIRS }, (_, i) => [peers[2 * i], peers[2 * i + 1]] as const).filter(
      (p): p is readonly [Peer, Peer] => Boolean(p[0] && p[1]),
    );
    for (const [, to] of pairs)
      to.on('stanza', (stanza) => {
        if (!stanza.is('message') || !stanza.getChild('body')) return;
        const sent = Number(stanza.getChildText('body')?.split(':')[1]);
        latencies.push(Date.now() - sent);
        delivered += 1;
        if (running)
          to.send(
            xml(
              'message',
              { to: stanza.attrs.from },
              xml('displayed', { xmlns: 'urn:xmpp:chat-markers:0', id: stanza.attrs.id }),
            ),
          ).catch(() => undefined);
      });
    for (const [from] of pairs)
      from.on('stanza', (stanza) => {
        if (stanza.is('message') && stanza.getChild('displayed', 'urn:xmpp:chat-markers:0')) markers += 1;
      });

    meter.start();
    const conversations = pairs.map(async ([from, to], n) => {
      let i = 0;
      while (running) {
        await from.send(
          xml(
            'message',
            { to: jid(to), type: 'chat', id: `l${n}-${i}` },
            xml('body', {}, `m${i}:${Date.now()}`),
            xml('markable', { xmlns: 'urn:xmpp:chat-markers:0' }),
          ),
        );
        i += 1;
        await new Promise((r) => setTimeout(r, 1000));
      }
    });
    const reads = [a, b].map((s, i) =>
      autocannon({
        url: `${s.url}/api/message/reddot/refresh`,
        connections: Math.max(1, Math.floor(PROVIDERS / 2)),
        duration: SECONDS,
        headers: { apiVersion: '7', os: 'web', authToken: providers[i]!.token },
      }),
    );
    const api = await Promise.all(reads);
    running = false;
    await Promise.all(conversations);
    const cpu = meter.usage();
    await new Promise((r) => setTimeout(r, 1500));

    const held = members.filter((m) => (m as unknown as { status: string }).status === 'online').length;
    const openSockets = sockets.filter((s) => s.isOpen()).length;
    console.log('\nResults');
    console.log(`  concurrent XMPP sessions held     ${held} / ${MEMBERS}`);
    console.log(`  app sockets held                  ${openSockets} / ${PROVIDERS}`);
    console.log(
      `  messages delivered                ${delivered} (${fmt(delivered / SECONDS)}/s), p50 ${fmt(quantile(latencies, 0.5), 0)} ms, p99 ${fmt(quantile(latencies, 0.99), 0)} ms; ${markers} displayed markers back`,
    );
    const total = api.reduce((n, r) => n + r.requests.total, 0);
    const failures = api.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0);
    console.log(
      `  API reads (both processes)        ${fmt(total / SECONDS, 0)} req/s, p50 ${api.map((r) => r.latency.p50).join(' / ')} ms, p99 ${api.map((r) => r.latency.p99).join(' / ')} ms (per process), ${failures} failed`,
    );
    console.log('  CPU (1.00 = one core of this machine)');
    for (const [name, share] of Object.entries(cpu)) console.log(`    ${name.padEnd(12)} ${fmt(share, 2)}`);
  } finally {
    await Promise.all(sockets.map((s) => s.close().catch(() => undefined)));
    await Promise.all(members.map((m) => stopPeer(m)));
    for (const s of stacks.reverse()) await s.stop({ remove: true }).catch(() => undefined);
    postgres.stop();
  }
  process.exit(0);
}

await main();
