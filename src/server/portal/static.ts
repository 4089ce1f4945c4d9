/**
 * Serves the built portal (Vite output) on the same origin with a history fallback: `/` and any
 * GET that is not an API, chat or asset path and not a file answers `index.html` (spec §2 "history
 * mode"); the router then sends a signed-out visitor to the login page. Unknown API paths,
 * missing assets and file names the build did not write (`/favicon.ico`) answer the 404 envelope;
 * `/robots.txt` (public/) keeps crawlers out; a known path asked with a method it does not take
 * answers 405 with `Allow` (docs/security.md "Honest errors"). A page of the portal answers its own
 * copy of `index.html`, which asks for the page's chunks with the document (`pages/index.json`,
 * written by the build: docs/performance.md "The route's chunks asked for with the document").
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/api-error';
import { sendError } from '../http/envelope';
import { routedMethods } from '../http/methods';

/** Tested on the path, or on the whole URL: a query string ends the first segment too. */
const NOT_PORTAL = /^\/(api|qb|internal|socket|xmpp-websocket|http-bind|assets)([/?]|$)/;
/**
 * A path whose last segment names a file (`/favicon.ico`, `/.well-known/security.txt`): no page of
 * spec §2 has a dot there, so one the build did not write is a 404, not the portal's `index.html`
 * (docs/security.md "Honest errors").
 */
const FILE_NAME = /\.[^/]*$/;
const PAGE_METHODS = ['GET', 'HEAD'];
/** Longest file name the file system takes (NAME_MAX); a longer segment names a page, not a file. */
const NAME_MAX = 255;

/**
 * What a page path is before the file server sees it (docs/security.md "Honest errors"): the file
 * server would refuse a NUL or an over-long name as 403, which names the wrong cause. A segment
 * too long for a file name names a page, or, with a file name's dot, a file that is not there.
 */
function pagePathKind(url: string): 'bad' | 'page' | 'no-file' | 'maybe-file' {
  let decoded: string;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    return 'bad';
  }
  if (decoded.includes('\0')) return 'bad';
  if (!decoded.split('/').some((segment) => Buffer.byteLength(segment) > NAME_MAX)) return 'maybe-file';
  return FILE_NAME.test(url) ? 'no-file' : 'page';
}

const noSuchFile = (url: string) => new ApiError('NOT_FOUND', `No such file: ${url}`);

/** Page path → its `index.html` (relative to the portal), from the build's `pages/index.json`. */
function readPageFiles(portalDir: string): ReadonlyMap<string, string> {
  const index = path.join(portalDir, 'pages', 'index.json');
  if (!existsSync(index)) return new Map();
  return new Map(Object.entries(JSON.parse(readFileSync(index, 'utf8')) as Record<string, string>));
}

export async function registerPortal(app: FastifyInstance, portalDir: string | null) {
  const hasPortal = portalDir !== null && existsSync(path.join(portalDir, 'index.html'));
  const pageFiles = hasPortal ? readPageFiles(portalDir) : new Map<string, string>();
  const pageFile = (url: string) => pageFiles.get(url) ?? 'index.html';
  if (hasPortal) {
    // A callback hook: it runs for every request, API calls included, and an async one would cost
    // each a promise and a turn of the microtask queue (docs/performance.md "Server").
    app.addHook('onRequest', (request, reply, done) => {
      if (!PAGE_METHODS.includes(request.method) || NOT_PORTAL.test(request.url)) return done();
      const url = request.url.split('?')[0]!;
      const kind = pagePathKind(url);
      if (kind === 'bad')
        return done(new ApiError('BAD_REQUEST', `The path ${JSON.stringify(url)} cannot name a page`));
      if (kind === 'no-file') return done(noSuchFile(url));
      if (kind === 'page') {
        reply.header('Cache-Control', 'no-cache');
        // Answered here: Fastify goes no further when the hook sends without calling done.
        reply.sendFile(pageFile(url));
        return;
      }
      done();
    });
    await app.register(fastifyStatic, {
      root: portalDir,
      index: 'index.html',
      wildcard: true,
      // The build writes .br and .gz beside every text file (scripts/lib/precompress.mjs); the
      // plugin picks one by Accept-Encoding and adds Vary (docs/performance.md "Compression").
      preCompressed: true,
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
    const portalPath = hasPortal && !NOT_PORTAL.test(url);
    const file = portalPath && FILE_NAME.test(url);
    const page = portalPath && !file;
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
      return sendError(
        reply,
        file ? noSuchFile(url) : new ApiError('NOT_FOUND', `No such endpoint: ${request.method} ${url}`),
      );
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile(pageFile(url));
  });
}
