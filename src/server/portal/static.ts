/**
 * Serves the built portal (Vite output) on the same origin with a history fallback: `/` and any
 * GET that is not an API, chat or asset path and not a file answers `index.html` (spec §2 "history
 * mode"); the router then sends a signed-out visitor to the login page. Unknown API paths and
 * missing assets answer the 404 envelope; a known path asked with a method it does not take
 * answers 405 with `Allow` (docs/security.md "Honest errors").
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/api-error';
import { sendError } from '../http/envelope';
import { routedMethods } from '../http/methods';

const NOT_PORTAL = /^\/(api|qb|internal|socket|xmpp-websocket|http-bind|assets)(\/|$)/;
const PAGE_METHODS = ['GET', 'HEAD'];

export async function registerPortal(app: FastifyInstance, portalDir: string | null) {
  const hasPortal = portalDir !== null && existsSync(path.join(portalDir, 'index.html'));
  if (hasPortal) {
    await app.register(fastifyStatic, {
      root: portalDir,
      index: 'index.html',
      wildcard: true,
      setHeaders(res, filePath) {
        res.header(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    const page = hasPortal && !NOT_PORTAL.test(url);
    const allowed = page ? PAGE_METHODS : routedMethods(app, url);
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      return sendError(
        reply,
        new ApiError('METHOD_NOT_ALLOWED', `${url} does not take ${request.method}`, null, {
          Allow: allowed.join(', '),
        }),
      );
    }
    if (!page) {
      return sendError(reply, new ApiError('NOT_FOUND', `No such endpoint: ${request.method} ${url}`));
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
