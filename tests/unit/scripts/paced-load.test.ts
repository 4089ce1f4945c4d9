/**
 * The bench's fixed rate (scripts/bench/lib/paced-load.ts, docs/performance.md "The fixed rate"):
 * requests leave at the rate asked for, not in a burst, and a request that had to wait for a
 * connection is charged from when it was due; the generator's warm-up runs against its own server.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { pacedLoad } from '../../../scripts/bench/lib/paced-load';

let server: http.Server | null = null;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

async function serve(answer: (request: http.IncomingMessage, response: http.ServerResponse) => void) {
  server = http.createServer(answer);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

describe('paced load', () => {
  it('spreads the requests over the time asked for and counts the answers', async () => {
    const arrivals: number[] = [];
    const url = await serve((request, response) => {
      arrivals.push(performance.now());
      response.statusCode = request.headers['x-fail'] ? 500 : 200;
      response.end('{}');
    });
    const load = await pacedLoad(url, { rate: 100, seconds: 1, connections: 4 });
    expect(load.ok).toBe(100);
    expect(load.failures).toBe(0);
    expect(load.latenciesMs).toHaveLength(100);
    // A burst would bring all of them within a few milliseconds (lower bounds only: a busy
    // machine can delay a send, never bring one forward).
    const firstTenth = arrivals.filter((t) => t - arrivals[0]! < 100).length;
    expect(firstTenth).toBeLessThan(60);
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThan(500);

    const failing = await pacedLoad(url, {
      rate: 50,
      seconds: 0.2,
      connections: 2,
      headers: { 'x-fail': '1' },
    });
    expect(failing).toMatchObject({ ok: 0, failures: 10 });
  });

  it('warms its client against a server of its own, which the measured server never sees', async () => {
    let requests = 0;
    const url = await serve((_request, response) => {
      requests++;
      response.end('{}');
    });
    const started = performance.now();
    const load = await pacedLoad(url, { rate: 50, seconds: 0.2, connections: 2, warmUpSeconds: 0.4 });
    expect(load).toMatchObject({ ok: 10, failures: 0 });
    expect(load.latenciesMs).toHaveLength(10);
    expect(requests).toBe(10);
    // The warm-up's 20 requests took their 0.4 s before the measured ones.
    expect(performance.now() - started).toBeGreaterThanOrEqual(550);
  });

  it('charges a request that waited for a connection from when it was due', async () => {
    let first = true;
    const url = await serve((_request, response) => {
      if (!first) return void response.end('{}');
      first = false;
      setTimeout(() => response.end('{}'), 300);
    });
    // One connection: the requests due while the first is held wait behind it.
    const load = await pacedLoad(url, { rate: 50, seconds: 0.4, connections: 1 });
    expect(load.ok).toBe(20);
    const sorted = [...load.latenciesMs].sort((a, b) => b - a);
    expect(sorted[0]).toBeGreaterThanOrEqual(290);
    // The second request was due 20 ms after the first and left only when it was answered.
    expect(sorted[1]).toBeGreaterThanOrEqual(260);
  });
});
