/**
 * Issue 14 "Who may use it": the console page is open on a loopback HOST, asks for the admin
 * secret on any other address (and then remembers an HMAC of it, never the secret), and is gone
 * with CONSOLE=off. Wrong secrets count in the shared attempt limiter (docs/security.md "Sign-in
 * and chat login limits"): the 11th try from one address in the window is refused, even with the
 * right secret, while an address that unlocked before is not held back.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServerContext } from '../../../src/server/context';
import { loadConfig } from '../../../src/server/config';
import { registerConsole } from '../../../src/server/portal/console-page';
import { openTestDatabase, type TestDatabase } from './db-fixture';

const SECRET = 'admin-secret-for-the-test';
const apps: Array<{ close(): Promise<unknown> }> = [];
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase('console-page');
});
afterAll(async () => {
  await database?.close();
});
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function server(env: Record<string, string>) {
  const portalDir = mkdtempSync(path.join(tmpdir(), 'console-page-'));
  writeFileSync(path.join(portalDir, 'console.html'), '<!doctype html><title>Protocol console</title>');
  const config = loadConfig({ PORTAL_DIR: portalDir, ...env });
  const app = Fastify();
  apps.push(app);
  await app.register(formbody);
  await app.register(fastifyStatic, { root: portalDir, serve: false });
  registerConsole(app, { config, db: database.db, secrets: { admin: SECRET } } as unknown as ServerContext);
  await app.ready();
  return app;
}

describe('/console', () => {
  it('is open on loopback, with the chat app credentials for member sign-in', async () => {
    const app = await server({ HOST: '127.0.0.1' });
    const page = await app.inject({ url: '/console' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Protocol console');
    const config = await app.inject({ url: '/console/config.json' });
    expect(config.json()).toMatchObject({ code: 'OK', data: { app: { appId: 1001, apiPath: '/qb' } } });
  });

  it('asks for the admin secret elsewhere and remembers an HMAC of it, not the secret', async () => {
    const app = await server({ HOST: '0.0.0.0' });
    const locked = await app.inject({ url: '/console' });
    expect(locked.statusCode).toBe(401);
    expect(locked.body).toContain('admin secret');
    expect((await app.inject({ url: '/console/config.json' })).statusCode).toBe(403);
    expect((await app.inject({ url: '/console.html' })).headers.location).toBe('/console');

    const wrong = await app.inject({ method: 'POST', url: '/console/unlock', payload: { secret: 'guess' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const right = await app.inject({ method: 'POST', url: '/console/unlock', payload: { secret: SECRET } });
    expect(right.statusCode).toBe(303);
    const cookie = String(right.headers['set-cookie']);
    expect(cookie).toMatch(/^portal-console=[0-9a-f]{64}; Path=\/console; HttpOnly; SameSite=Strict/);
    expect(cookie).not.toContain(SECRET);
    const pass = cookie.split(';')[0]!;
    expect((await app.inject({ url: '/console', headers: { cookie: pass } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/console', headers: { cookie: 'portal-console=00' } })).statusCode).toBe(
      401,
    );
  });

  it('refuses the 11th try from one address in the window, even the right secret, with a growing delay', async () => {
    const app = await server({ HOST: '0.0.0.0' });
    const unlock = (secret: string, remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/console/unlock', payload: { secret }, remoteAddress });
    expect((await unlock(SECRET, '10.14.0.1')).statusCode).toBe(303);
    for (let i = 0; i < 10; i++) expect((await unlock('guess', '10.14.0.2')).statusCode).toBe(401);
    const blocked = await unlock(SECRET, '10.14.0.2');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(blocked.body).toContain('Too many attempts');
    expect(blocked.headers['set-cookie']).toBeUndefined();
    // Past 10 failures a new address waits (5 s, doubling); the one that unlocked before does not.
    const stranger = await unlock(SECRET, '10.14.0.3');
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeLessThanOrEqual(5);
    expect((await unlock(SECRET, '10.14.0.1')).statusCode).toBe(303);
  });

  it('is switched off by CONSOLE=off, and a wrong value stops the start', async () => {
    const app = await server({ HOST: '127.0.0.1', CONSOLE: 'off' });
    expect((await app.inject({ url: '/console' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/console/config.json' })).statusCode).toBe(404);
    expect(() => loadConfig({ CONSOLE: 'maybe' })).toThrow('CONSOLE must be on or off');
  });
});
