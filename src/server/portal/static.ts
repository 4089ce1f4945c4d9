/**
 * Serves the built portal (Vite output) on the same origin with a history fallback: any GET that
 * is not an API, chat or file path and not a file answers `index.html` (spec §2 "history mode").
 * Unknown API paths answer the 404 envelope.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/api-error';
import { sendError } from '../http/envelope';

const NOT_PORTAL = /^\/(api|qb|internal|socket|xmpp-websocket|http-bind)(\/|$)/;

export async function registerPortal(app: FastifyInstance, portalDir: string | null) {
  const hasPortal = portalDir !== null && existsSync(path.join(portalDir, 'index.html'));
  if (hasPortal) {
    await app.register(fastifyStatic, {
      root: portalDir,
      index: false,
      wildcard: true,
      setHeaders(res, filePath) {
        res.header('X-Content-Type-Options', 'nosniff');
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
    if (NOT_PORTAL.test(url) || request.method !== 'GET' || !hasPortal) {
      return sendError(reply, new ApiError('NOT_FOUND', `No such endpoint: ${request.method} ${url}`));
    }
    reply
      .header('Cache-Control', 'no-cache')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Referrer-Policy', 'same-origin');
    return reply.sendFile('index.html');
  });
}
