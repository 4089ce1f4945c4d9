/**
 * Issue 10 "The browser is told what is allowed" and "The URL that npm start prints opens the
 * portal", on the wire (docs/security.md "HTTP headers and origins", "Honest errors"): security
 * headers on every answer, `Host` and WebSocket `Origin` checked against the configured origins,
 * and the portal served at `/` with its policy. The portal checks run on a second stack that
 * serves the built portal, without chat, and with `ALLOWED_ORIGINS` set.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensurePortalBuilt } from '../../scripts/lib/bootstrap.mjs';
import { rawRequest, tryUpgrade } from '../support/raw-http';
import { startStack, type TestStack } from '../support/stack';

const stack = inject('stack');
const ws = (base: string, path: string) => `${base.replace(/^http/, 'ws')}${path}`;
const VERSION_INFO = '/api/user/protocol/getPublishProtocolVersionInfo';

describe('Host names this server (DNS rebinding guard)', () => {
  it('refuses a request for another host with 421 MISDIRECTED_REQUEST, on every kind of path', async () => {
    for (const path of [
      VERSION_INFO,
      '/qb/users.json',
      '/http-bind',
      '/login',
      '/internal/admin/providers',
    ]) {
      const answer = await rawRequest(stack.url, { path, headers: { Host: `evil.example:${stack.port}` } });
      expect(answer.status, path).toBe(421);
      expect(answer.json, path).toMatchObject(
        path.startsWith('/qb') ? { errors: [expect.any(String)] } : { code: 'MISDIRECTED_REQUEST' },
      );
    }
  });

  it('answers the server’s own address and its loopback names', async () => {
    for (const host of [`127.0.0.1:${stack.port}`, `localhost:${stack.port}`, `LOCALHOST:${stack.port}`]) {
      const answer = await rawRequest(stack.url, { path: VERSION_INFO, headers: { Host: host } });
      expect(answer.status, host).toBe(200);
    }
    const otherPort = await rawRequest(stack.url, { path: VERSION_INFO, headers: { Host: '127.0.0.1:1' } });
    expect(otherPort.status).toBe(421);
  });

  it('refuses a rebound socket even when its Origin matches the rebound Host', async () => {
    for (const path of ['/socket', '/xmpp-websocket']) {
      const answer = await tryUpgrade(ws(stack.url, path), path === '/socket' ? 'v12.stomp' : 'xmpp', {
        Host: `evil.example:${stack.port}`,
        Origin: `http://evil.example:${stack.port}`,
      });
      expect(answer.status, path).toBe(421);
    }
  });
});

describe('WebSocket Origin: scheme, host and port', () => {
  const refused = (port: number) => [
    `https://127.0.0.1:${port}`,
    `http://127.0.0.1:${port + 1}`,
    'http://127.0.0.1',
    'https://evil.example',
    'null',
  ];
  it('refuses every origin but the server’s own, on both sockets', async () => {
    for (const path of ['/socket', '/xmpp-websocket']) {
      const protocol = path === '/socket' ? 'v12.stomp' : 'xmpp';
      for (const origin of refused(stack.port)) {
        const answer = await tryUpgrade(ws(stack.url, path), protocol, { Origin: origin });
        expect(answer.status, `${path} from ${origin}`).toBe(403);
        expect(JSON.parse(answer.body), origin).toMatchObject({ code: 'FORBIDDEN' });
      }
      for (const origin of [stack.url, `http://localhost:${stack.port}`]) {
        const answer = await tryUpgrade(ws(stack.url, path), protocol, { Origin: origin });
        expect(answer.status, `${path} from ${origin}`).toBe(101);
      }
      // Native apps and tools send no Origin.
      expect((await tryUpgrade(ws(stack.url, path), protocol, {})).status).toBe(101);
    }
  });
});

describe('security headers of API answers', () => {
  it('sends no-store, nosniff, no framing and a locked-down policy on /api, /qb and BOSH', async () => {
    // Also a query straight after the prefix, and a URL refused before routing (its percent-encoding
    // does not decode), which Fastify answers without running the route hooks.
    for (const path of [
      VERSION_INFO,
      '/api/no/such/thing',
      '/api?x=1',
      '/qb/users.json',
      '/http-bind',
      '/api/%E0%A4%A',
    ]) {
      const answer = await rawRequest(stack.url, { path });
      expect(answer.headers['cache-control'], path).toBe('no-store');
      expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
      expect(answer.headers['x-frame-options'], path).toBe('DENY');
      expect(answer.headers['referrer-policy'], path).toBe('same-origin');
      expect(answer.headers['content-security-policy'], path).toMatch(
        /^default-src 'none';.*frame-ancestors 'none'.*sandbox/,
      );
      expect(answer.headers['strict-transport-security'], path).toBeUndefined();
    }
  });

  it('sends HSTS when the request came over TLS through a trusted proxy', async () => {
    const answer = await rawRequest(stack.url, {
      path: VERSION_INFO,
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
  });
});

describe('the portal', () => {
  let portal: TestStack;
  beforeAll(async () => {
    ensurePortalBuilt();
    portal = await startStack({
      portal: true,
      env: { PROSODY_BIN: '', ALLOWED_ORIGINS: 'https://portal.example' },
    });
  });
  afterAll(async () => {
    await portal?.stop({ remove: true });
  });

  it('serves index.html at / with a policy that allows no inline or foreign script', async () => {
    const answer = await rawRequest(portal.url, { path: '/' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.text).toContain('<div id="root">');
    const csp = answer.headers['content-security-policy']!;
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(csp).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${portal.port}`);
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['permissions-policy']).toContain(
      'camera=(self), microphone=(self), display-capture=(self)',
    );
  });

  it('answers a NUL in a page path 400 BAD_REQUEST, and a long page path with the portal', async () => {
    for (const path of ['/%00', '/login%00']) {
      const answer = await rawRequest(portal.url, { path });
      expect([path, answer.status, answer.json?.code]).toEqual([path, 400, 'BAD_REQUEST']);
    }
    const long = await rawRequest(portal.url, { path: `/${'a'.repeat(9000)}` });
    expect(long.status).toBe(200);
    expect(long.headers['content-type']).toMatch(/^text\/html/);
  });

  it('answers the history fallback for a deep link, and 404 for a missing asset or source map', async () => {
    expect((await rawRequest(portal.url, { path: '/Dashboard/Dashboard' })).status).toBe(200);
    for (const path of ['/assets/', '/assets/gone-1234.js', '/assets/index.js.map']) {
      const answer = await rawRequest(portal.url, { path });
      expect(answer.status, path).toBe(404);
      expect(answer.json, path).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('answers a portal path asked with another method 405 with Allow', async () => {
    const answer = await rawRequest(portal.url, { method: 'POST', path: '/login' });
    expect([answer.status, answer.headers.allow]).toEqual([405, 'GET, HEAD']);
    expect(answer.json).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
  });

  it('answers the hosts and origins of ALLOWED_ORIGINS, by exact scheme', async () => {
    const page = await rawRequest(portal.url, { path: '/', headers: { Host: 'portal.example' } });
    expect(page.status).toBe(200);
    const secure = await tryUpgrade(ws(portal.url, '/socket'), 'v12.stomp', {
      Origin: 'https://portal.example',
    });
    expect(secure.status).toBe(101);
    const plain = await tryUpgrade(ws(portal.url, '/socket'), 'v12.stomp', {
      Origin: 'http://portal.example',
    });
    expect(plain.status).toBe(403);
  });
});
