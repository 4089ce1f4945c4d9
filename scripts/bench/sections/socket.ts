/**
 * Bench section: the app socket (spec §7, docs/architecture.md §4). With 500 idle authenticated sockets open
 * it prints the connect time (WebSocket open → CONNECTED) and the push latency (a notification
 * created through the admin API → its type-3/type-2 push read by a client), p50/p99 each.
 * Self-contained: it signs up its own providers. `npm run bench` runs it; alone:
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { APP_SOCKET_PATH, APP_SOCKET_SUBSCRIPTIONS } from '../../../src/shared/app-socket';
import { decodeServerMessage, redDotPushOf } from '../../../src/socket';
import { apiClient } from '../../../tests/support/api';
import type { TestStack } from '../../../tests/support/stack';
import { quantile, type BenchSection } from '../bench';

/** `--quick`: fewer pushes measured (docs/performance.md "Quick mode"); the 500 idle sockets stay. */
const quick = process.argv.includes('--quick');
const IDLE_SOCKETS = 500;
const IDLE_PROVIDERS = 10;
const PUSHES = quick ? 20 : 60;
const CONNECT_BATCH = 25;

async function signUp(stack: TestStack, n: number): Promise<{ token: string; email: string }> {
  const fresh = await apiClient(stack).signUpFresh(`bench.socket${n}`);
  return { token: fresh.token, email: fresh.email };
}

const frame = (command: string, headers: Record<string, string>) =>
  `${command}\n${Object.entries(headers)
    .map(([k, v]) => `${k}:${v}`)
    .join('\n')}\n\n\0`;

interface Client {
  ws: WebSocket;
  onMessage(fn: (data: Buffer) => void): void;
}

/** Opens a socket, CONNECTs, subscribes like the portal; resolves with the connect time. */
function connect(wsUrl: string, token: string): Promise<{ client: Client; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const ws = new WebSocket(wsUrl, ['v12.stomp']);
    const listeners: Array<(data: Buffer) => void> = [];
    let connected = false;
    ws.on('open', () =>
      ws.send(
        frame('CONNECT', {
          'accept-version': '1.2',
          host: 'bench',
          'heart-beat': '100000,100000',
          authToken: token,
        }),
      ),
    );
    ws.on('message', (data: Buffer) => {
      if (!connected && data.subarray(0, 9).toString() === 'CONNECTED') {
        connected = true;
        const ms = performance.now() - started;
        for (const { destination, id } of Object.values(APP_SOCKET_SUBSCRIPTIONS))
          ws.send(frame('SUBSCRIBE', { destination, id }));
        resolve({ client: { ws, onMessage: (fn) => listeners.push(fn) }, ms });
        return;
      }
      for (const fn of listeners) fn(data);
    });
    ws.on('error', reject);
    ws.on('close', (code) => !connected && reject(new Error(`closed before CONNECTED (${code})`)));
  });
}

/** The body of a STOMP MESSAGE frame (binary, content-length framed). */
function bodyOf(data: Buffer): Uint8Array | null {
  if (data.subarray(0, 7).toString() !== 'MESSAGE') return null;
  const split = data.indexOf('\n\n');
  return new Uint8Array(data.subarray(split + 2, data.length - 1));
}

export const section: BenchSection = {
  name: 'app socket',
  async run({ stack, report, note }) {
    const ctx = { url: stack.url, adminSecret: stack.adminSecret };
    const wsUrl = `${ctx.url.replace(/^http/, 'ws')}${APP_SOCKET_PATH}`;
    const providers = await Promise.all(Array.from({ length: IDLE_PROVIDERS }, (_, i) => signUp(stack, i)));
    const probe = await signUp(stack, IDLE_PROVIDERS);
    const clients: Client[] = [];
    const connectTimes: number[] = [];
    for (let i = 0; i < IDLE_SOCKETS; i += CONNECT_BATCH) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(CONNECT_BATCH, IDLE_SOCKETS - i) }, (_, j) =>
          connect(wsUrl, providers[(i + j) % IDLE_PROVIDERS]!.token),
        ),
      );
      for (const { client, ms } of batch) {
        clients.push(client);
        connectTimes.push(ms);
      }
    }
    const { client: receiver, ms: probeConnect } = await connect(wsUrl, probe.token);
    connectTimes.push(probeConnect);
    await new Promise((r) => setTimeout(r, 200));

    const latencies: number[] = [];
    for (let i = 0; i < PUSHES; i++) {
      const started = performance.now();
      const arrived = new Promise<void>((resolve) =>
        receiver.onMessage((data) => {
          const body = bodyOf(data);
          if (body && redDotPushOf(decodeServerMessage(body))?.title === `bench ${i}`) resolve();
        }),
      );
      const response = await fetch(`${ctx.url}/internal/admin/notifications`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Admin-Secret': ctx.adminSecret },
        body: JSON.stringify({ email: probe.email, category: 'SYSTEM', title: `bench ${i}` }),
      });
      if (response.status !== 200) throw new Error(`admin notification failed: HTTP ${response.status}`);
      await arrived;
      latencies.push(performance.now() - started);
    }

    note(
      `${IDLE_SOCKETS} idle sockets open (${IDLE_PROVIDERS} providers) + 1 receiver; push = admin creates a notification → type-3/type-2 push received`,
    );
    report({
      metric: 'connect p50 (WebSocket open → CONNECTED)',
      ours: quantile(connectTimes, 0.5),
      unit: 'ms',
    });
    report({ metric: 'connect p99', ours: quantile(connectTimes, 0.99), unit: 'ms' });
    report({ metric: 'push latency p50', ours: quantile(latencies, 0.5), unit: 'ms' });
    report({ metric: 'push latency p99', ours: quantile(latencies, 0.99), unit: 'ms' });
    for (const c of [...clients, receiver]) c.ws.close();
  },
};
