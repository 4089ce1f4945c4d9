/**
 * Builds the one server of docs/architecture.md §1: the own API under `/api`, the portal with a history
 * fallback, the XMPP proxy, Prosody's hooks and the admin API, on one port. `main.ts` starts it.
 * Every request first passes the request guard (Host, URL and header limits) and every answer
 * carries the security headers (docs/security.md "HTTP headers and origins").
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { registerSignRoutes } from './account/sign-routes';
import { registerProfileRoutes } from './account/profile-routes';
import { registerAdminRoutes, type AdminRoutes } from './admin/routes';
import { BlobStore } from './blobs/blob-store';
import { registerChatIdentityRoutes } from './chat-identity/routes';
import { registerCallRoutes } from './calls/routes';
import type { ServerContext } from './context';
import { installApiCompression } from './http/compression';
import { answerFrameworkError, installEnvelopeHandlers } from './http/envelope';
import { refuseNulCharacters } from './http/input-checks';
import { buildOpenApi } from './http/openapi';
import { OriginPolicy } from './http/origins';
import { answerRaw } from './http/raw-answer';
import { answerClientError, PARSER_MAX_HEADER_BYTES, requestRefusal } from './http/request-guard';
import { registeredEndpoints } from './http/route';
import { installSecurityHeaders } from './http/security-headers';
import { UpgradeRouter } from './http/upgrade';
import { createMailer } from './mail/mailer';
import { registerConsole } from './portal/console-page';
import { registerPortal } from './portal/static';
import { registerProtocolRoutes } from './protocol/routes';
import { registerProsodyHooks } from './prosody/hooks';
import { BOSH_PATH, proxyBosh, proxyXmppWebSocket, XMPP_WEBSOCKET_PATH } from './prosody/proxy';
import { registerFileRoutes } from './files/routes';

/** A feature's server part: its API routes, admin commands and start/stop work. */
export interface ServerModule {
  name: string;
  api?(api: FastifyInstance, ctx: ServerContext, deps: ModuleDeps): void | Promise<void>;
  root?(app: FastifyInstance, ctx: ServerContext, deps: ModuleDeps): void | Promise<void>;
  admin?: AdminRoutes;
  start?(ctx: ServerContext, deps: ModuleDeps): void | Promise<void>;
  stop?(): void | Promise<void>;
}

export interface ModuleDeps {
  blobs: BlobStore;
  upgrades: UpgradeRouter;
  /** Prosody's admin socket path, once Prosody runs. */
  prosodyAdminSocket(): string | null;
}

export interface BuiltApp {
  app: FastifyInstance;
  deps: ModuleDeps;
}

export async function buildApp(
  ctx: ServerContext,
  options: {
    modules: readonly ServerModule[];
    prosodyHttpPort: () => number | null;
    prosodyAdminSocket: () => string | null;
    logger: boolean | object;
  },
): Promise<BuiltApp> {
  registeredEndpoints.length = 0;
  // Built now so that a bad ALLOWED_ORIGINS ends the start; rebuilt for the port actually bound.
  let origins = OriginPolicy.forServer(ctx.config, ctx.config.port);
  const upgrades = new UpgradeRouter(() => origins);
  const bosh = proxyBosh(options.prosodyHttpPort);
  const app = Fastify({
    logger: options.logger,
    trustProxy: process.env.TRUST_PROXY === 'loopback' ? 'loopback' : process.env.TRUST_PROXY === '1',
    bodyLimit: 1024 * 1024,
    requestTimeout: 0,
    logController: new LogController({ disableRequestLogging: process.env.LOG_LEVEL !== 'debug' }),
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    serverFactory: (handler) => {
      const server = http.createServer({ maxHeaderSize: PARSER_MAX_HEADER_BYTES }, (request, response) => {
        const path = (request.url ?? '').split('?')[0]!;
        const refused = requestRefusal(request, origins);
        if (refused) answerRaw(response, path, refused);
        // BOSH is streamed to Prosody before Fastify parses anything.
        else if (path === BOSH_PATH) bosh(request, response);
        else handler(request, response);
      });
      server.on('listening', () => {
        origins = OriginPolicy.forServer(ctx.config, (server.address() as AddressInfo).port);
      });
      server.on('upgrade', upgrades.handle);
      return server;
    },
  });
  ctx.log = app.log;
  const deps: ModuleDeps = {
    blobs: new BlobStore(ctx.config.dataDir),
    upgrades,
    prosodyAdminSocket: options.prosodyAdminSocket,
  };
  upgrades.add(XMPP_WEBSOCKET_PATH, proxyXmppWebSocket(options.prosodyHttpPort));

  installSecurityHeaders(app);
  installApiCompression(app);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 20 } });
  installEnvelopeHandlers(app);

  const mailer = createMailer({
    smtpUrl: ctx.config.smtpUrl,
    from: ctx.config.mailFrom,
    dataDir: ctx.config.dataDir,
    log: app.log,
  });
  await app.register(
    async (api) => {
      refuseNulCharacters(api);
      registerSignRoutes(api, ctx, mailer);
      registerProfileRoutes(api, ctx, deps.blobs);
      registerProtocolRoutes(api, ctx);
      registerChatIdentityRoutes(api, ctx);
      registerCallRoutes(api, ctx);
      registerFileRoutes(api, ctx, deps.blobs);
      for (const module of options.modules) await module.api?.(api, ctx, deps);
    },
    { prefix: '/api' },
  );
  for (const module of options.modules) await module.root?.(app, ctx, deps);
  registerProsodyHooks(app, ctx);
  registerAdminRoutes(
    app,
    ctx,
    options.modules.flatMap((m) => (m.admin ? [m.admin] : [])),
  );

  // The OpenAPI document (zod → JSON Schema for every endpoint) is made on its first request, not
  // at every start (docs/architecture.md §4 "Warm start"): in @fastify/swagger's dynamic mode the
  // document is built when first asked for and kept; our routes carry no Fastify schemas, so it
  // finds nothing to describe (`hideUntagged`) and `transformObject` gives it ours.
  await app.register(swagger, {
    mode: 'dynamic',
    openapi: { openapi: '3.0.3' },
    hideUntagged: true,
    transformObject: () =>
      buildOpenApi(registeredEndpoints, {
        '/api/files/{uid}': {
          get: {
            summary: 'A public file (avatar) by its uid',
            tags: ['Files'],
            parameters: [{ name: 'uid', in: 'path', required: true, schema: { type: 'string' } }],
            responses: {
              '200': { description: 'The file' },
              '404': { description: 'Error envelope NOT_FOUND' },
            },
          },
        },
        '/api/consultation/invite/doctor/certificate/{id}': {
          get: {
            summary: "One of the signed-in provider's certificate documents (its bytes), owner only",
            tags: ['Profile'],
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
            security: [{ authToken: [] }],
            responses: {
              '200': { description: 'The document' },
              '401': { description: 'Error envelope TOKEN_ERR_*' },
              '404': { description: 'Error envelope NOT_FOUND' },
            },
          },
        },
      }) as never,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  registerConsole(app, ctx);
  await registerPortal(app, ctx.config.portalDir);
  return { app, deps };
}
