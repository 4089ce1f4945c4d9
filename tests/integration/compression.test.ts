/**
 * Issue 16 "compressed text on the wire" (docs/performance.md "Compression"): the portal's
 * files go out precompressed by `Accept-Encoding` (brotli first, gzip next, the plain file
 * otherwise) with `Vary` and the caching they had; API answers are compressed above a size
 * threshold and left alone below it.
 */
import http from 'node:http';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePortalBuilt } from '../../scripts/lib/bootstrap.mjs';
import { MIN_BYTES } from '../../src/server/http/compression';
import { ROOT, startStack, type TestStack } from '../support/stack';

interface Bytes {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET that keeps the body as sent (fetch would decode it). */
function get(base: string, pathname: string, acceptEncoding?: string): Promise<Bytes> {
  const url = new URL(pathname, base);
  return new Promise((resolve, reject) => {
    http
      .get(
        url,
        { headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding }, agent: false },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
          );
        },
      )
      .on('error', reject);
  });
}

const decode = (answer: Bytes) =>
  answer.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(answer.body)
    : answer.headers['content-encoding'] === 'gzip'
      ? gunzipSync(answer.body)
      : answer.body;

let stack: TestStack;
let script: string;

beforeAll(async () => {
  ensurePortalBuilt();
  const html = await readFile(path.join(ROOT, 'dist/portal/index.html'), 'utf8');
  // The entry: the last module script (the bundler's small runtime chunk comes before it).
  script = [...html.matchAll(/<script type="module" crossorigin src="([^"]+)"/g)].at(-1)![1]!;
  stack = await startStack({ portal: true, env: { PROSODY_BIN: '' } });
});
afterAll(async () => {
  await stack?.stop({ remove: true });
});

describe('the portal’s files', () => {
  it('sends a hashed script in brotli, gzip or plain by Accept-Encoding, immutable, with Vary', async () => {
    const plain = await get(stack.url, script);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const answer = await get(stack.url, script, accept);
      expect([accept, answer.status, answer.headers['content-encoding']]).toEqual([accept, 200, encoding]);
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(answer).equals(plain.body)).toBe(true);
      if (encoding) expect(answer.body.length).toBeLessThan(plain.body.length / 2);
    }
  });

  it('sends a chunk of a few hundred bytes compressed too (every size is precompressed)', async () => {
    const assets = path.join(ROOT, 'dist/portal/assets');
    const sizes = await Promise.all(
      (await readdir(assets))
        .filter((name) => name.endsWith('.js'))
        .map(async (name) => ({ name, size: (await stat(path.join(assets, name))).size })),
    );
    const small = sizes.filter((file) => file.size < 512 && file.size > 200);
    expect(small).not.toHaveLength(0);
    for (const { name, size } of small) {
      const answer = await get(stack.url, `/assets/${name}`, 'gzip, deflate, br, zstd');
      expect([name, answer.status, answer.headers['content-encoding']]).toEqual([name, 200, 'br']);
      expect(answer.body.length).toBeLessThan(size);
      expect(decode(answer).length).toBe(size);
    }
  });

  it('sends the page of a history-fallback path compressed, not cached', async () => {
    const answer = await get(stack.url, '/login', 'br, gzip');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(decode(answer).toString()).toContain('<div id="root">');
  });
});

describe('API answers', () => {
  it('compresses an answer above the threshold and says it varies', async () => {
    const plain = await get(stack.url, '/api/docs/json');
    expect(plain.body.length).toBeGreaterThan(MIN_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const answer = await get(stack.url, '/api/docs/json', accept);
      expect([accept, answer.headers['content-encoding']]).toEqual([accept, encoding]);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(JSON.parse(decode(answer).toString())).toEqual(JSON.parse(plain.body.toString()));
      expect(Number(answer.headers['content-length'] ?? answer.body.length)).toBe(answer.body.length);
    }
  });

  it('leaves a small answer and an error envelope as they are', async () => {
    for (const pathname of ['/api/user/protocol/getPublishProtocolVersionInfo', '/api/no/such/endpoint']) {
      const answer = await get(stack.url, pathname, 'br, gzip');
      expect(answer.body.length).toBeLessThan(MIN_BYTES);
      expect([pathname, answer.headers['content-encoding']]).toEqual([pathname, undefined]);
      expect(JSON.parse(answer.body.toString())).toHaveProperty('code');
    }
  });
});
