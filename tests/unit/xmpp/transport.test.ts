/**
 * The Strophe transport follows the BOSH policy of spec §9 — wait 60, hold 1, window 5, more than
 * 4 errors disconnect, a request re-sent at most 5 times, cube back-off — checked against Strophe
 * itself with scripted XMLHttpRequests on fake timers or a scripted connection manager; and the
 * fetch-based XMLHttpRequest for Node. The WebSocket transport: websocket-transport.test.ts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Strophe } from 'strophe.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOSH_POLICY, boshErrorsExhausted, boshRetryDelayMs } from '../../../src/xmpp/transport/bosh-policy';
import { ensureXmlHttpRequest } from '../../../src/xmpp/transport/node-xhr';
import { createStropheTransport } from '../../../src/xmpp/transport/strophe-transport';
import type { BoshRequestTraffic, TransportStatus } from '../../../src/xmpp/transport/types';

const scope = globalThis as { XMLHttpRequest?: unknown };
const original = scope.XMLHttpRequest;

afterEach(() => {
  vi.useRealTimers();
  scope.XMLHttpRequest = original;
});

/**
 * An XMLHttpRequest for Strophe's BOSH transport that records every POST (with the fake clock's
 * time) and lets `respond` decide whether and when to answer it.
 */
function scriptedXhr(
  posts: Array<{ at: number; body: string }>,
  respond: (xhr: { answer(status: number, text: string): void }) => void,
) {
  return class ScriptedXhr {
    readyState = 0;
    status = 0;
    responseText = '';
    responseXML: Document | null = null;
    onreadystatechange: (() => void) | null = null;
    open() {
      this.readyState = 1;
    }
    setRequestHeader() {}
    getAllResponseHeaders() {
      return '';
    }
    send(body: string) {
      posts.push({ at: Date.now(), body });
      respond({
        answer: (status, text) => {
          this.readyState = 4;
          this.status = status;
          this.responseText = text;
          this.responseXML = text ? new DOMParser().parseFromString(text, 'text/xml') : null;
          this.onreadystatechange?.();
        },
      });
    }
    abort() {}
  };
}

describe('BOSH through Strophe', () => {
  it('asks for wait 60 / hold 1, backs off with the cube of the attempt and gives up after 5 errors', async () => {
    vi.useFakeTimers();
    const posts: Array<{ at: number; body: string }> = [];
    scope.XMLHttpRequest = scriptedXhr(posts, (xhr) => setTimeout(() => xhr.answer(503, ''), 10));
    const statuses: TransportStatus[] = [];
    const transport = createStropheTransport(
      { kind: 'bosh', service: 'http://chat.test/http-bind' },
      { onStatus: (s) => statuses.push(s), onElement: () => undefined },
    );
    transport.connect('100001-1001@localhost/r', 'pw');
    await vi.advanceTimersByTimeAsync(200_000);
    expect(posts[0]!.body).toMatch(/wait="60"/);
    expect(posts[0]!.body).toMatch(/hold="1"/);
    // The 5th failed request (more than 4 errors) ends the session, as the policy says.
    expect(posts.length).toBe(5);
    expect(boshErrorsExhausted(posts.length - 1)).toBe(false);
    expect(boshErrorsExhausted(posts.length)).toBe(true);
    expect(statuses.slice(-2)).toEqual(['conntimeout', 'disconnected']);
    const gaps = posts.slice(1).map((p, i) => p.at - posts[i]!.at);
    // Retry n waits the back-off of n sends (the first is immediate), plus the 10 ms failing answer.
    expect(gaps.map((_, i) => boshRetryDelayMs(i + 1))).toEqual([0, 8000, 27000, 64000]);
    gaps.forEach((gap, i) => {
      const expected = boshRetryDelayMs(i + 1);
      expect(gap).toBeGreaterThanOrEqual(expected);
      expect(gap).toBeLessThan(expected + 500);
    });
  });
});

/**
 * A scripted BOSH connection manager on loopback: it answers the session creation (with
 * `requests` when given, XEP-0124 §7.1) offering SASL PLAIN, and holds every later request.
 */
async function scriptedBosh(requests: string | null) {
  const held: http.ServerResponse[] = [];
  const bodies: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      bodies.push(body);
      if (!body.includes('sid=')) {
        res.writeHead(200, { 'Content-Type': 'text/xml' });
        res.end(
          `<body xmlns="http://jabber.org/protocol/httpbind" xmlns:stream="http://etherx.jabber.org/streams" sid="s1" wait="60" hold="1"${requests ? ` requests="${requests}"` : ''} ver="1.6" from="localhost">` +
            '<stream:features><mechanisms xmlns="urn:ietf:params:xml:ns:xmpp-sasl"><mechanism>PLAIN</mechanism></mechanisms></stream:features></body>',
        );
      } else held.push(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/http-bind`,
    bodies,
    close: () =>
      new Promise<void>((resolve) => {
        held.forEach((res) => res.destroy());
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('BOSH request re-sends', () => {
  it('re-sends an unanswered request after 1.1 × wait with the cube back-off, 5 times at most', async () => {
    vi.useFakeTimers();
    const posts: Array<{ at: number; body: string }> = [];
    // Answers the session creation (offering SASL PLAIN), then never answers again.
    scope.XMLHttpRequest = scriptedXhr(posts, (xhr) => {
      if (posts.length > 1) return;
      setTimeout(
        () =>
          xhr.answer(
            200,
            '<body xmlns="http://jabber.org/protocol/httpbind" xmlns:stream="http://etherx.jabber.org/streams" sid="s1" wait="60" hold="1" ver="1.6" from="localhost">' +
              '<stream:features><mechanisms xmlns="urn:ietf:params:xml:ns:xmpp-sasl"><mechanism>PLAIN</mechanism></mechanisms></stream:features></body>',
          ),
        10,
      );
    });
    const statuses: TransportStatus[] = [];
    const transport = createStropheTransport(
      { kind: 'bosh', service: 'http://chat.test/http-bind' },
      { onStatus: (s) => statuses.push(s), onElement: () => undefined },
    );
    transport.connect('100001-1001@localhost/r', 'pw');
    await vi.advanceTimersByTimeAsync(1_000_000);
    // After the session creation: the SASL request (one rid), sent once and re-sent up to
    // maxRetries times, then the session is given up.
    const auth = posts.slice(1);
    expect(auth.length).toBe(1 + BOSH_POLICY.maxRetries);
    expect(auth.every((p) => p.body.includes('<auth') && p.body === auth[0]!.body)).toBe(true);
    expect(statuses.slice(-2)).toEqual(['conntimeout', 'disconnected']);
    const timeoutMs = Math.floor(BOSH_POLICY.timeoutMultiplier * BOSH_POLICY.wait) * 1000;
    const gaps = auth.slice(1).map((p, i) => p.at - auth[i]!.at);
    gaps.forEach((gap, i) => {
      // A request is abandoned after 1.1 × wait (checked on the 100 ms idle cycle), then re-sent
      // after the back-off of the sends so far.
      const expected = timeoutMs + boshRetryDelayMs(i + 1);
      expect(gap).toBeGreaterThan(expected);
      expect(gap).toBeLessThanOrEqual(expected + 200);
    });
  });
});

describe('BOSH requests seen by a protocol console', () => {
  const created =
    '<body xmlns="http://jabber.org/protocol/httpbind" xmlns:stream="http://etherx.jabber.org/streams" sid="s1" wait="60" hold="1" ver="1.6" from="localhost">' +
    '<stream:features><mechanisms xmlns="urn:ietf:params:xml:ns:xmpp-sasl"><mechanism>PLAIN</mechanism></mechanisms></stream:features></body>';

  it('reports each request as it ends, to the observer named then, and builds nothing without one', async () => {
    vi.useFakeTimers();
    const posts: Array<{ at: number; body: string }> = [];
    // The session creation is answered after 250 ms, the SASL request with a 404.
    scope.XMLHttpRequest = scriptedXhr(posts, (xhr) =>
      setTimeout(() => (posts.length === 1 ? xhr.answer(200, created) : xhr.answer(404, '')), 250),
    );
    const seen: BoshRequestTraffic[] = [];
    let asked = 0;
    let listening = true;
    const transport = createStropheTransport(
      { kind: 'bosh', service: 'http://chat.test/http-bind' },
      {
        onStatus: () => undefined,
        onElement: () => undefined,
        requestObserver: () => {
          asked += 1;
          return listening ? (request) => seen.push(request) : null;
        },
      },
    );
    transport.connect('100001-1001@localhost/r', 'pw');
    await vi.advanceTimersByTimeAsync(100);
    listening = false;
    await vi.advanceTimersByTimeAsync(200);
    // Nobody listened when the session creation ended: asked, nothing reported.
    expect([asked, seen.length]).toEqual([1, 0]);
    listening = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(seen.length).toBe(1);
    expect(seen[0]).toMatchObject({ url: 'http://chat.test/http-bind', status: 404, responseBody: '' });
    expect(seen[0]!.requestBody).toMatch(/^<body [^>]*rid="\d+"[\s\S]*<auth /);
    expect(seen[0]!.durationMs).toBeGreaterThanOrEqual(250);
    transport.drop();
  });
});

describe('BOSH request window', () => {
  it('hands Strophe window 5 (spec §9) and lets a server announcing fewer requests lower it', async () => {
    scope.XMLHttpRequest = undefined;
    ensureXmlHttpRequest();
    const bosh = Strophe.Bosh.prototype as unknown as { _throttledRequestHandler(): void };
    const throttle = bosh._throttledRequestHandler;
    // The window as Strophe applies it: each time it decides whether a second request may go out.
    let windows: Array<{ window: number; sid: string | null }> = [];
    const spy = vi.spyOn(bosh, '_throttledRequestHandler').mockImplementation(function (this: {
      window: number;
      sid: string | null;
    }) {
      windows.push({ window: this.window, sid: this.sid });
      throttle.call(this);
    });
    try {
      for (const [requests, after] of [
        [null, 5],
        ['2', 2],
      ] as const) {
        windows = [];
        const server = await scriptedBosh(requests);
        const transport = createStropheTransport(
          { kind: 'bosh', service: server.url },
          { onStatus: () => undefined, onElement: () => undefined },
        );
        transport.connect('100001-1001@localhost/r', 'pw');
        // The SASL request is the first one after the session exists.
        await vi.waitFor(() => expect(server.bodies.some((b) => b.includes('<auth'))).toBe(true), {
          timeout: 30_000,
        });
        transport.drop();
        await server.close();
        const before = windows.filter((w) => w.sid === null);
        const during = windows.filter((w) => w.sid !== null);
        expect(before.length).toBeGreaterThan(0);
        expect(during.length).toBeGreaterThan(0);
        expect(new Set(before.map((w) => w.window))).toEqual(new Set([5]));
        expect(new Set(during.map((w) => w.window))).toEqual(new Set([after]));
      }
    } finally {
      spy.mockRestore();
    }
  });
});

describe('XMLHttpRequest for Node', () => {
  it('posts, reports readyState 4 with status and text, and parses responseXML', async () => {
    scope.XMLHttpRequest = undefined;
    ensureXmlHttpRequest();
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        res.writeHead(200, { 'Content-Type': 'text/xml' });
        res.end(
          `<body xmlns="http://jabber.org/protocol/httpbind" echo="${req.headers['content-type']}">${body.length}</body>`,
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const Xhr = scope.XMLHttpRequest as { new (): XMLHttpRequest };
    const xhr = new Xhr();
    const done = new Promise<void>((resolve) => {
      xhr.onreadystatechange = () => {
        if (xhr.readyState === 4) resolve();
      };
    });
    xhr.open('POST', `http://127.0.0.1:${port}/http-bind`);
    xhr.setRequestHeader('Content-Type', 'text/xml; charset=utf-8');
    xhr.send('<body/>');
    await done;
    server.close();
    expect(xhr.status).toBe(200);
    expect(xhr.responseXML?.documentElement?.getAttribute('echo')).toBe('text/xml; charset=utf-8');
    expect(xhr.responseText).toContain('>7<');
    const refused = new Xhr();
    const failed = new Promise<number>((resolve) => {
      refused.onreadystatechange = () => {
        if (refused.readyState === 4) resolve(refused.status);
      };
    });
    refused.open('POST', `http://127.0.0.1:${port}/http-bind`);
    refused.send('<body/>');
    expect(await failed).toBe(0);
  });
});
