/**
 * Every `/qb` route, read from the chat-service module's own route registrations: the module is
 * registered on a bare Fastify instance (nothing runs, nothing listens) and its routes recorded.
 */
import Fastify from 'fastify';
import type { ServerContext } from '../../src/server/context';
import { chatServiceModule } from '../../src/server/qb/module';

export interface QbRoute {
  method: string;
  /** With Fastify's `:param` placeholders. */
  url: string;
}

export async function qbRoutes(): Promise<QbRoute[]> {
  const app = Fastify({ logger: false });
  const routes: QbRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (route.url.startsWith('/qb/') && method !== 'HEAD') routes.push({ method, url: route.url });
    }
  });
  const ctx = {
    config: { chat: { appId: 1, domain: 'localhost' }, smtpUrl: null, mailFrom: 'x@localhost', dataDir: '' },
    secrets: { chatPasswordKey: 'routes-only', prosodyHook: 'routes-only' },
    log: app.log,
  } as unknown as ServerContext;
  const deps = { blobs: {}, prosodyAdminSocket: () => null } as unknown as Parameters<
    NonNullable<typeof chatServiceModule.root>
  >[2];
  await chatServiceModule.root!(app, ctx, deps);
  await app.ready();
  await app.close();
  return routes;
}
