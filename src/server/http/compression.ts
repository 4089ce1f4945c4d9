/**
 * Compressed API answers when it is worth it (docs/performance.md "Compression"): a JSON or
 * text answer of at least `MIN_BYTES` goes out in brotli (a fast quality: it is made per request)
 * or gzip, whichever the client's `Accept-Encoding` takes first by our preference, with
 * `Vary: Accept-Encoding`. Smaller answers, streams (files, PDFs) and answers that already carry
 * an encoding go out as they are. The portal's files are compressed at build time instead
 * (src/server/portal/static.ts).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Below about one packet compression saves nothing on the wire and costs CPU. */
export const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(application\/(json|xml|problem\+json)|text\/)/i;
const API_PATH = /^\/(api|qb)(\/|$)/;

const br = promisify(brotliCompress);
const gz = promisify(gzip);

type Encoding = 'br' | 'gzip';

/** The encoding to answer in: brotli before gzip, each only when its q-value is not 0. */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    accepted.set(name, Number.isFinite(value) ? value : 0);
  }
  const weight = (name: Encoding) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

function compress(bytes: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? br(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      })
    : gz(bytes, { level: 6 });
}

const applies = (request: FastifyRequest) => request.method !== 'HEAD' && API_PATH.test(request.url);

/**
 * A callback hook, not an async one: most answers pass through untouched, and an async hook would
 * cost each of them a promise and a turn of the microtask queue before it is written
 * (docs/performance.md "Server"); only an answer being compressed waits for zlib.
 */
export function installApiCompression(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!applies(request) || reply.hasHeader('content-encoding')) return done(null, payload);
    const size =
      typeof payload === 'string'
        ? Buffer.byteLength(payload)
        : Buffer.isBuffer(payload)
          ? payload.length
          : 0;
    if (size < MIN_BYTES) return done(null, payload);
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return done(null, payload);
    // From here the answer depends on Accept-Encoding, whichever way it goes.
    reply.header('Vary', 'Accept-Encoding');
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    const bytes = typeof payload === 'string' ? Buffer.from(payload) : (payload as Buffer);
    compress(bytes, encoding).then(
      (compressed) => {
        reply.header('Content-Encoding', encoding);
        reply.removeHeader('content-length');
        done(null, compressed);
      },
      (error: Error) => done(error),
    );
  });
}
