/**
 * The Strophe transport's BOSH path follows the policy of spec §9 (wait 60, hold 1, more than
 * 4 errors disconnect, cube back-off), checked against Strophe itself with a scripted
 * XMLHttpRequest on fake timers; and the fetch-based XMLHttpRequest for Node.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { boshRetryDelayMs } from '../../../src/xmpp/transport/bosh-policy';
import { ensureXmlHttpRequest } from '../../../src/xmpp/transport/node-xhr';
import { createStropheTransport } from '../../../src/xmpp/transport/strophe-transport';
import type { TransportStatus } from '../../../src/xmpp/transport/types';

const scope = globalThis as { XMLHttpRequest?: unknown };
const original = scope.XMLHttpRequest;

afterEach(() => {
  vi.useRealTimers();
  scope.XMLHttpRequest = original;
});

describe('BOSH through Strophe', () => {
  it('asks for wait 60 / hold 1, backs off with the cube of the attempt and gives up after 5 errors', async () => {
    vi.useFakeTimers();
    const posts: Array<{ at: number; body: string }> = [];
    class FailingXhr {
      readyState = 0;
      status = 0;
      responseText = '';
      responseXML = null;
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
        setTimeout(() => {
          this.readyState = 4;
          this.status = 503;
          this.onreadystatechange?.();
        }, 10);
      }
      abort() {}
    }
    scope.XMLHttpRequest = FailingXhr;
    const statuses: TransportStatus[] = [];
    const transport = createStropheTransport(
      { kind: 'bosh', service: 'http://chat.test/http-bind' },
      { onStatus: (s) => statuses.push(s), onElement: () => undefined },
    );
    transport.connect('100001-1001@localhost/r', 'pw');
    await vi.advanceTimersByTimeAsync(200_000);
    expect(posts[0]!.body).toMatch(/wait="60"/);
    expect(posts[0]!.body).toMatch(/hold="1"/);
    // The 5th failed request (more than 4 errors) ends the session.
    expect(posts.length).toBe(5);
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

describe('WebSocket through Strophe', () => {
  it('can be closed or dropped while the socket is still connecting, without an uncaught error', async () => {
    // A server that accepts TCP and never answers the upgrade keeps the socket CONNECTING.
    const sockets: net.Socket[] = [];
    const hanging = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const { port } = hanging.address() as AddressInfo;
    for (const end of ['disconnect', 'drop'] as const) {
      const statuses: TransportStatus[] = [];
      const transport = createStropheTransport(
        { kind: 'websocket', service: `ws://127.0.0.1:${port}/xmpp-websocket` },
        { onStatus: (s) => statuses.push(s), onElement: () => undefined },
      );
      transport.connect('100001-1001@localhost/r', 'pw');
      await new Promise((resolve) => setTimeout(resolve, 50));
      transport[end]();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(statuses).toContain('disconnected');
    }
    sockets.forEach((socket) => socket.destroy());
    await new Promise<void>((resolve) => hanging.close(() => resolve()));
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
