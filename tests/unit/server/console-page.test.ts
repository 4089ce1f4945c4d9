/**
 * Issue 14 "Who may use it": the console page is open on a loopback HOST, asks for the admin
 * secret on any other address (and then remembers an HMAC of it, never the secret), and is gone
 * with CONSOLE=off.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerContext } from '../../../src/server/context';
import { loadConfig } from '../../../src/server/config';
import { registerConsole } from '../../../src/server/portal/console-page';

const SECRET = 'admin-secret-for-the-test';
const apps: Array<{ close(): Promise<unknown> }> = [];
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
  registerConsole(app, { config, secrets: { admin: SECRET } } as unknown as ServerContext);
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

  it('is switched off by CONSOLE=off, and a wrong value stops the start', async () => {
    const app = await server({ HOST: '127.0.0.1', CONSOLE: 'off' });
    expect((await app.inject({ url: '/console' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/console/config.json' })).statusCode).toBe(404);
    expect(() => loadConfig({ CONSOLE: 'maybe' })).toThrow('CONSOLE must be on or off');
  });
});
