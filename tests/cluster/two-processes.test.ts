/**
 * Two server processes on one PostgreSQL database behave as one (docs/architecture.md §5 "Several
 * processes"): a sign-in on one kicks the session on the other at once, an operator's notification
 * created on one reaches the provider's app socket on the other, a provider whose portal is open
 * on one gets no offline-message notification from the other, sign-in limits count on both, the
 * relay between them survives PostgreSQL dropping its connections, and while one restarts every
 * request a client retries on the other succeeds.
 */
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAppSocket, type appsocket, type AppSocket } from '../../src/socket';
import { member, provider } from '../../fixtures';
import { adminCall, apiClient } from '../support/api';
import { allAcknowledged, bsonId, chatMessage, historyPeer, type Peer } from '../support/history';
import { stopPeer } from '../support/xmpp-peer';
import { burst, checksAllowed, countCodes } from '../support/limit-bursts';
import { freePort, startStack, type TestStack } from '../support/stack';
import { connectRaw, socketUrl, type RawPeer } from '../integration/app-socket-support';

let a: TestStack;
let b: TestStack;
const sockets: AppSocket[] = [];
const peers: RawPeer[] = [];
const chatPeers: Peer[] = [];

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL)
    throw new Error(
      'The cluster tests need PostgreSQL: set TEST_DATABASE_URL (npm test starts a throwaway one).',
    );
  const prosodyHttp = String(await freePort());
  a = await startStack({ env: { PROSODY_HTTP_PORT: prosodyHttp } });
  b = await startStack({ joins: a, env: { PROSODY_HTTP_PORT: prosodyHttp } });
});

afterAll(async () => {
  await b?.stop();
  await a?.stop({ remove: true });
});

afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.stop()));
  await Promise.all(peers.splice(0).map((p) => p.close()));
  await Promise.all(chatPeers.splice(0).map(stopPeer));
});

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
  return check();
};

describe('a sign-in on one process', () => {
  it('kicks the session held on the other at once: its cached token and its app socket', async () => {
    const onA = apiClient(a.url);
    const onB = apiClient(b.url);
    const fresh = await onA.signUpFresh('cluster-kick');
    const peer = await connectRaw(socketUrl(a.url), fresh.token);
    peers.push(peer);
    // A has just checked the token (the socket's CONNECT) and remembers it (session-cache.ts).
    expect((await onA.call('GET', '/message/reddot/refresh', { token: fresh.token })).code).toBe('OK');

    await onB.signIn(fresh.email, fresh.password);

    const stale = await onA.call('GET', '/message/reddot/refresh', { token: fresh.token });
    expect(stale.code).toBe('TOKEN_ERR_KICKED');
    expect(peer.frames.some((f) => f.command === 'ERROR' && f.headers.message === 'TOKEN_ERR_KICKED')).toBe(
      true,
    );
    expect((await peer.closed).code).toBe(4001);
  });
});

describe('sign-in limits', () => {
  it('count across processes: 100 concurrent wrong passwords split over both check at most 10', async () => {
    const fresh = await apiClient(a.url).signUpFresh('cluster-limits');
    const { answers, ms } = await burst(100, (i) =>
      apiClient(i % 2 ? b.url : a.url).call('POST', '/user/user/sign/in/doctor', {
        form: { email: fresh.email, password: 'wrong-pass-1' },
        from: `10.90.${i}.1`,
      }),
    );
    const codes = countCodes(answers);
    // Exactly 10 when the burst is over within the ceiling's first delay (5 s).
    expect(codes.BAD_CREDENTIALS).toBeGreaterThanOrEqual(10);
    expect(codes.BAD_CREDENTIALS).toBeLessThanOrEqual(checksAllowed(ms));
    expect(codes).toEqual({
      BAD_CREDENTIALS: codes.BAD_CREDENTIALS,
      RATE_LIMITED: 100 - codes.BAD_CREDENTIALS!,
    });
  });
});

describe('the event relay', () => {
  it('reconnects when PostgreSQL drops its connections, and a kick crosses processes again', async () => {
    const admin = new pg.Client({ connectionString: a.databaseUrl! });
    await admin.connect();
    const dropped = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name like 'portal-bus%' and datname = current_database()",
    );
    await admin.end();
    expect(dropped.rowCount).toBe(4);
    await new Promise((r) => setTimeout(r, 2_500));

    const onA = apiClient(a.url);
    const fresh = await onA.signUpFresh('cluster-relay');
    expect((await onA.call('GET', '/message/reddot/refresh', { token: fresh.token })).code).toBe('OK');
    await apiClient(b.url).signIn(fresh.email, fresh.password);
    expect((await onA.call('GET', '/message/reddot/refresh', { token: fresh.token })).code).toBe(
      'TOKEN_ERR_KICKED',
    );
  });
});

describe('an operator notification created on one process', () => {
  it("is pushed to the provider's app socket on the other", async () => {
    const fresh = await apiClient(a.url).signUpFresh('cluster-push');
    const socket = createAppSocket({
      url: socketUrl(a.url),
      token: fresh.token,
      webSocketFactory: (u) => new WebSocket(u, ['v12.stomp']) as never,
    });
    sockets.push(socket);
    const pushes: appsocket.RedDotPush[] = [];
    socket.on('redDot', (p) => pushes.push(p));
    const up = new Promise<void>((resolve) =>
      socket.on('state', ({ state }) => state === 'connected' && resolve()),
    );
    socket.start();
    await up;

    const created = await adminCall<{ id: number }>(b.url, b.adminSecret, 'POST', '/notifications', {
      email: fresh.email,
      category: 'SYSTEM',
      title: 'Maintenance tonight',
      body: 'From the other process',
    });
    expect(created.code).toBe('OK');
    expect(await until(() => pushes.length === 1)).toBe(true);
    expect(pushes[0]).toMatchObject({ notificationId: created.data.id, title: 'Maintenance tonight' });
  });
});

describe("a member's message reported to one process", () => {
  it('makes no offline notification while the provider has the portal open on the other', async () => {
    const amelia = provider('amelia');
    const daniela = member('daniela');
    const onB = apiClient(b.url);
    const token = await onB.signInAs('amelia');
    const dialogs = await onB.call<{
      items: Array<{ dialogId: string; type: number; client: { id: number } | null }>;
    }>('GET', '/message/qb/doctor/getDialogs', { token });
    const dialog = dialogs.data.items.find((d) => d.type === 3 && d.client?.id === daniela.chatId);
    expect(dialog, 'seeded dialog between Amelia and Daniela').toBeDefined();
    const socket = createAppSocket({
      url: socketUrl(b.url),
      token,
      webSocketFactory: (u) => new WebSocket(u, ['v12.stomp']) as never,
    });
    sockets.push(socket);
    const up = new Promise<void>((resolve) =>
      socket.on('state', ({ state }) => state === 'connected' && resolve()),
    );
    socket.start();
    await up;
    const db = new pg.Client({ connectionString: a.databaseUrl! });
    await db.connect();
    const presenceRows = async () =>
      (
        await db.query(
          'select 1 from app_socket_presence join providers on providers.id = provider_id where email = $1',
          [amelia.email],
        )
      ).rowCount;
    try {
      for (let i = 0; i < 100 && (await presenceRows()) === 0; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(await presenceRows()).toBe(1);

      // Prosody, supervised by A, reports the chat history to A (docs/architecture.md §5).
      const xmpp = await historyPeer({
        service: `xmpp://127.0.0.1:${a.c2sPort}`,
        domain: a.chatDomain,
        username: `${daniela.chatId}-${a.appId}`,
        password: daniela.chatPassword,
      });
      chatPeers.push(xmpp);
      const liveId = bsonId();
      await xmpp.send(
        chatMessage(amelia.jid, 'Seen live on the other process', dialog!.dialogId, { id: liveId }),
      );
      await allAcknowledged(xmpp);
      // Prosody reports it to A after the ack: the socket stays open until A has stored it and had
      // 2 s to decide (a loaded run closed the socket first, and the live message counted too).
      await expect
        .poll(async () => (await db.query('select 1 from chat_messages where id = $1', [liveId])).rowCount)
        .toBe(1);
      await new Promise((r) => setTimeout(r, 2000));

      await socket.stop();
      for (let i = 0; i < 100 && (await presenceRows()) !== 0; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(await presenceRows()).toBe(0);
      await xmpp.send(
        chatMessage(amelia.jid, 'Sent after she closed the portal', dialog!.dialogId, { id: bsonId() }),
      );
      await allAcknowledged(xmpp);

      const fromDaniela = async () =>
        (
          await onB.call<{ records: Array<{ title: string; body: string; data: { count?: number } }> }>(
            'GET',
            '/message/message/v2/listMessages?category=MESSAGE&unread=1&pageSize=50',
            { token },
          )
        ).data.records.filter((r) => r.title.includes('Daniela'));
      let found = await fromDaniela();
      for (let i = 0; i < 100 && found.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        found = await fromDaniela();
      }
      // Only the second message counts: the first was seen live.
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ body: 'Sent after she closed the portal', data: { count: 1 } });
    } finally {
      await db.end();
    }
  });
});

describe('a rolling restart', () => {
  it('loses no request that a client retries on the other process', async () => {
    const fresh = await apiClient(a.url).signUpFresh('cluster-restart');
    const urls = [b.url, a.url];
    let retried = 0;
    /**
     * What a client behind the proxy gets: the next process when one refuses the connection or
     * answers 503 while it stops or starts (nginx's `proxy_next_upstream error timeout http_502
     * http_503`, scripts/start-cluster.mjs).
     */
    const read = async (i: number) => {
      for (const url of [urls[i % 2]!, urls[(i + 1) % 2]!]) {
        try {
          const answer = await apiClient(url).call('GET', '/message/reddot/refresh', { token: fresh.token });
          if (answer.code !== 'SERVICE_UNAVAILABLE') return answer;
        } catch {
          // refused: the next process
        }
        retried += 1;
      }
      throw new Error('both processes refused');
    };
    let running = true;
    const answers: string[] = [];
    const load = (async () => {
      for (let i = 0; running; i += 1) answers.push((await read(i)).code);
    })();
    await b.restart();
    // The restarted process serves the sessions made on the other one.
    expect((await apiClient(b.url).call('GET', '/message/reddot/refresh', { token: fresh.token })).code).toBe(
      'OK',
    );
    running = false;
    await load;
    expect(retried).toBeGreaterThan(0);
    expect(answers.length).toBeGreaterThan(retried);
    expect(answers.every((code) => code === 'OK')).toBe(true);
  });
});
