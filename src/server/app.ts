/**
 * Builds the one server of docs/architecture.md §1 on one port, the platform only: the request
 * guard (Host, URL and header limits), the security headers (docs/security.md "HTTP headers and
 * origins"), body parsers, compression and the envelope, the XMPP proxy and WebSocket upgrades, the
 * admin API's gate, the OpenAPI document, the console page and the portal with a history fallback.
 * Every domain's routes, admin commands and start/stop work come in as a {@link ServerModule}, listed
 * once in `modules.ts`. `main.ts` opens the database, supervises Prosody and starts it.
 */
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { registerAdminRoutes, type AdminRoutes } from './admin/routes';
import { BlobStore } from './blobs/blob-store';
import type { ServerContext } from './context';
import { installApiCompression } from './http/compression';
import { answerFrameworkError, installEnvelopeHandlers } from './http/envelope';
import { refuseNulCharacters } from './http/input-checks';
import { buildOpenApi } from './http/openapi';
import { OriginPolicy } from './http/origins';
import { hostFromAuthority } from './http/http2';
import { answerRaw } from './http/raw-answer';
import { answerClientError, DRAINING, PARSER_MAX_HEADER_BYTES, requestRefusal } from './http/request-guard';
import { registeredEndpoints } from './http/route';
import { installSecurityHeaders } from './http/security-headers';
import type { TlsMaterial } from './http/tls';
import { UpgradeRouter } from './http/upgrade';
import { createMailer, type Mailer } from './mail/mailer';
import { registerConsole } from './portal/console-page';
import { registerPortal } from './portal/static';
import { BOSH_PATH, proxyBosh, proxyXmppWebSocket, XMPP_WEBSOCKET_PATH } from './prosody/proxy';

/**
 * A domain's server part, one per domain folder in its `module.ts` (docs/architecture.md §2
 * "Inside the server"), listed once in `modules.ts`: its API routes, admin commands and
 * start/stop work. The platform (this file) registers nothing of a domain's own.
 */
export interface ServerModule {
  name: string;
  /** Routes under `/api`, each registered with its contract (`http/route.ts`). */
  api?(api: FastifyInstance, ctx: ServerContext, deps: ModuleDeps): void | Promise<void>;
  /** Routes outside `/api`: `/qb`, Prosody's hooks under `/internal/prosody`. */
  root?(app: FastifyInstance, ctx: ServerContext, deps: ModuleDeps): void | Promise<void>;
  /**
   * The OpenAPI entries of this module's `/api` routes outside the contract, which answer raw
   * bytes with no envelope on success (docs/security.md "Security suites"); every other `/api`
   * route is in the document through its contract.
   */
  rawRoutes?: Record<string, unknown>;
  /** Commands of the admin API under `/internal/admin`. */
  admin?: AdminRoutes;
  /** Runs once the server listens and Prosody runs (`main.ts`), in the order of `modules.ts`. */
  start?(ctx: ServerContext, deps: ModuleDeps): void | Promise<void>;
  stop?(): void | Promise<void>;
}

/** What the platform lends the modules. */
export interface ModuleDeps {
  blobs: BlobStore;
  /** SMTP, or the outbox directory without SMTP_URL. */
  mailer: Mailer;
  upgrades: UpgradeRouter;
  /** Prosody's admin socket path, once Prosody runs. */
  prosodyAdminSocket(): string | null;
}

export interface BuiltApp {
  app: FastifyInstance;
  deps: ModuleDeps;
  /**
   * Answers `/internal/*` (Prosody's hooks, the admin API) and nothing else, for a plain-HTTP
   * listener on loopback beside a TLS port: Prosody and the admin command call back over it
   * without a certificate to check (README "Configuration", `TLS`). Their secrets guard them as on
   * the main port.
   */
  internal: http.RequestListener;
}

/** The paths the loopback listener of `BuiltApp.internal` serves. */
export const INTERNAL_PREFIX = '/internal/';

export async function buildApp(
  ctx: ServerContext,
  options: {
    modules: readonly ServerModule[];
    prosodyHttpPort: () => number | null;
    prosodyAdminSocket: () => string | null;
    logger: boolean | object;
    /** Serve TLS on the port with these (README "Configuration", `TLS_CERT` or `TLS=self-signed`). */
    tls?: TlsMaterial | null;
  },
): Promise<BuiltApp> {
  registeredEndpoints.length = 0;
  // Built now so that a bad ALLOWED_ORIGINS ends the start; rebuilt for the port actually bound.
  let origins = OriginPolicy.forServer(ctx.config, ctx.config.port);
  let fastifyHandler: http.RequestListener | null = null;
  const upgrades = new UpgradeRouter(() => origins);
  const bosh = proxyBosh(options.prosodyHttpPort);
  // Set when the server starts to close: requests still arriving on open connections are answered
  // 503 in their path's shape (Fastify's own drain answer has neither), which a proxy retries on
  // another process (docs/architecture.md §5).
  let closing = false;
  const app = Fastify({
    return503OnClosing: false,
    logger: options.logger,
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestTimeout: 0,
    logController: new LogController({ disableRequestLogging: process.env.LOG_LEVEL !== 'debug' }),
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    serverFactory: (handler) => {
      fastifyHandler = handler;
      const listener: http.RequestListener = (request, response) => {
        hostFromAuthority(request);
        const path = (request.url ?? '').split('?')[0]!;
        const refused = closing ? DRAINING : requestRefusal(request, origins);
        if (refused) answerRaw(response, path, refused);
        // BOSH is streamed to Prosody before Fastify parses anything.
        else if (path === BOSH_PATH) bosh(request, response);
        else handler(request, response);
      };
      // Over TLS, HTTP/2 for the clients that offer it and HTTP/1.1 for the rest, upgrades among
      // them (http/http2.ts); Node hands both to the listener in HTTP/1.1's shape.
      const server = options.tls
        ? (http2.createSecureServer(
            { allowHTTP1: true, cert: options.tls.cert, key: options.tls.key },
            listener as unknown as Parameters<typeof http2.createSecureServer>[1],
          ) as unknown as http.Server)
        : http.createServer({ maxHeaderSize: PARSER_MAX_HEADER_BYTES }, listener);
      // The HTTP/1.1 connections of the TLS port are parsed by Node's HTTP/1.1 server code, which
      // reads the limit from the server object; `createSecureServer` takes no such option.
      if (options.tls) Object.assign(server, { maxHeaderSize: PARSER_MAX_HEADER_BYTES });
      // An idle keep-alive connection is closed after 72 s, not Node's 5 s: a client (or a proxy in
      // front) that reuses one just as the server closes it gets a reset, which a loaded
      // machine made happen to a test's request; clients and proxies idle for 60 s at most.
      server.keepAliveTimeout = 72_000;
      server.on('listening', () => {
        origins = OriginPolicy.forServer(ctx.config, (server.address() as AddressInfo).port);
      });
      server.on('upgrade', upgrades.handle);
      return server;
    },
  });
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  ctx.log = app.log;
  const deps: ModuleDeps = {
    blobs: new BlobStore(ctx.config.dataDir),
    mailer: createMailer({
      smtpUrl: ctx.config.smtpUrl,
      from: ctx.config.mailFrom,
      dataDir: ctx.config.dataDir,
      log: app.log,
    }),
    upgrades,
    prosodyAdminSocket: options.prosodyAdminSocket,
  };
  upgrades.add(XMPP_WEBSOCKET_PATH, proxyXmppWebSocket(options.prosodyHttpPort));

  installSecurityHeaders(app);
  installApiCompression(app);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 20 } });
  installEnvelopeHandlers(app);

  // Every /api route must be in the OpenAPI document (checked below, once it is built).
  const apiRoutes: Array<{ method: string; url: string }> = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (route.url.startsWith('/api/') && method !== 'HEAD') apiRoutes.push({ method, url: route.url });
  });

  await app.register(
    async (api) => {
      refuseNulCharacters(api);
      for (const module of options.modules) await module.api?.(api, ctx, deps);
    },
    { prefix: '/api' },
  );
  for (const module of options.modules) await module.root?.(app, ctx, deps);
  registerAdminRoutes(
    app,
    ctx,
    options.modules.flatMap((m) => (m.admin ? [m.admin] : [])),
  );

  const outsideTheContract = Object.assign({}, ...options.modules.map((m) => m.rawRoutes ?? {}));
  const document = buildOpenApi(registeredEndpoints, outsideTheContract);
  assertDocumented(document, apiRoutes);
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  registerConsole(app, ctx);
  await registerPortal(app, ctx.config.portalDir);
  const internal: http.RequestListener = (request, response) => {
    if ((request.url ?? '').startsWith(INTERNAL_PREFIX) && fastifyHandler) fastifyHandler(request, response);
    else answerRaw(response, request.url ?? '', { code: 'NOT_FOUND', message: 'Not found' });
  };
  return { app, deps, internal };
}

/**
 * Throws when a route under /api is missing from the OpenAPI document: the document is how the
 * auth matrix and the fuzzers find every operation (docs/security.md "Security suites"), so a route
 * left out of it is a route nobody tests. `:name` placeholders are the document's `{name}`.
 */
function assertDocumented(
  document: { paths: Record<string, unknown> },
  routes: ReadonlyArray<{ method: string; url: string }>,
): void {
  const missing = routes.filter(({ method, url }) => {
    const operations = document.paths[url.replace(/:(\w+)/g, '{$1}')] as Record<string, unknown> | undefined;
    return !operations?.[method.toLowerCase()];
  });
  if (missing.length > 0)
    throw new Error(
      `Routes missing from the OpenAPI document: ${missing.map((r) => `${r.method} ${r.url}`).join(', ')}`,
    );
}
