/**
 * HTTP/2 on the server's own TLS port (src/server/http/http2.ts; docs/architecture.md §1
 * "The server", docs/performance.md "HTTP/2 on the TLS port"): a client that offers `h2` gets
 * the portal, the API, the vendor's paths and BOSH over it, with the same checks and answers as
 * over HTTP/1.1 — `:authority` checked as `Host`, refusals in the envelope, limits at the same
 * sizes — and a client that does not, or a WebSocket upgrade, gets HTTP/1.1 on the same port.
 */
import { readFileSync } from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import tls from 'node:tls';
import path from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePortalBuilt } from '../../scripts/lib/bootstrap.mjs';
import { startStack, type TestStack } from '../support/stack';
import { httpsOrigin } from '../support/vendor-sdk-node';

const VERSION_INFO = '/api/user/protocol/getPublishProtocolVersionInfo';

let stack: TestStack;
let origin: string;
let ca: Buffer;

beforeAll(async () => {
  ensurePortalBuilt();
  stack = await startStack({ portal: true, env: { TLS: 'self-signed' } });
  origin = httpsOrigin(stack);
  ca = readFileSync(path.join(stack.dataDir, 'tls', 'cert.pem'));
});

afterAll(async () => {
  await stack?.stop({ remove: true });
});

interface Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  text: string;
}

/** One request over an HTTP/2 session of its own. */
async function h2(
  requestPath: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const session = http2.connect(origin, { ca });
  try {
    return await new Promise<Answer>((resolve, reject) => {
      session.on('error', reject);
      const stream = session.request({ ':method': method, ':path': requestPath, ...headers });
      const chunks: Buffer[] = [];
      let status = 0;
      let answerHeaders: http2.IncomingHttpHeaders = {};
      stream.on('response', (h) => {
        status = Number(h[':status']);
        answerHeaders = h;
      });
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () =>
        resolve({ status, headers: answerHeaders, text: Buffer.concat(chunks).toString() }),
      );
      stream.on('error', reject);
      stream.end(body);
    });
  } finally {
    session.close();
  }
}

describe('HTTP/2 on the TLS port', () => {
  it('serves the portal’s page with its policy, the chat socket named by the request’s authority', async () => {
    const answer = await h2('/login');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.text).toContain('<div id="root">');
    expect(answer.headers['content-security-policy']).toContain(`wss://127.0.0.1:${stack.port}`);
    expect(answer.headers['strict-transport-security']).toBeDefined();
    expect(answer.headers.connection).toBeUndefined();
  });

  it('answers the API and the vendor’s paths in their shapes', async () => {
    const version = await h2(VERSION_INFO);
    expect(version.status).toBe(200);
    expect(JSON.parse(version.text)).toMatchObject({ code: 'OK' });
    const unsigned = await h2('/api/consultation/invite/doctor/getInfo');
    expect(unsigned.status).toBe(401);
    expect(JSON.parse(unsigned.text)).toMatchObject({ code: 'TOKEN_ERR_EMPTY' });
    const vendor = await h2('/qb/session.json');
    expect(vendor.status).toBe(401);
    expect(JSON.parse(vendor.text)).toMatchObject({ errors: [expect.any(String)] });
  });

  it('checks the authority as the Host: another host is refused 421 in the envelope', async () => {
    for (const requestPath of [VERSION_INFO, '/qb/users.json', '/http-bind', '/login']) {
      const answer = await h2(requestPath, { headers: { ':authority': `evil.example:${stack.port}` } });
      expect(answer.status, requestPath).toBe(421);
      expect(JSON.parse(answer.text), requestPath).toMatchObject(
        requestPath.startsWith('/qb') ? { errors: [expect.any(String)] } : { code: 'MISDIRECTED_REQUEST' },
      );
      expect(answer.headers.connection, requestPath).toBeUndefined();
    }
  });

  it('refuses headers past 16 KB with 431, as over HTTP/1.1', async () => {
    const answer = await h2(VERSION_INFO, { headers: { 'x-padding': 'a'.repeat(20_000) } });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.text)).toMatchObject({ code: 'HEADERS_TOO_LARGE' });
  });

  it('takes a URL and headers each within their limit, together past 16 KB, on both versions', async () => {
    // 1.5 KB of URL and 15 KB of headers: each limit is on its own part, as on the plain port.
    const requestPath = `${VERSION_INFO}?pad=${'b'.repeat(1_500)}`;
    const padding = { 'x-padding': 'a'.repeat(15_000) };
    expect((await h2(requestPath, { headers: padding })).status).toBe(200);
    const overHttp1 = await new Promise<number>((resolve, reject) => {
      https
        .get(`${origin}${requestPath}`, { agent: new https.Agent({ ca }), headers: padding }, (answer) => {
          answer.resume();
          resolve(answer.statusCode ?? 0);
        })
        .on('error', reject);
    });
    expect(overHttp1).toBe(200);
  });

  it('carries BOSH to Prosody and back', async () => {
    const body = `<body rid='1' to='${stack.chatDomain}' xmlns='http://jabber.org/protocol/httpbind' wait='5' hold='1' ver='1.6'/>`;
    // With its length, as a browser's request over HTTP/2 has it.
    const answer = await h2('/http-bind', {
      method: 'POST',
      headers: {
        'content-type': 'text/xml; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
      },
      body,
    });
    expect(answer.status).toBe(200);
    expect(answer.text).toMatch(/<body [^>]*sid='[^']+'/);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });

  it('carries a BOSH request without a length, over HTTP/2 and chunked over HTTP/1.1', async () => {
    const body = `<body rid='1' to='${stack.chatDomain}' xmlns='http://jabber.org/protocol/httpbind' wait='5' hold='1' ver='1.6'/>`;
    const overH2 = await h2('/http-bind', {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8' },
      body,
    });
    expect(overH2.status).toBe(200);
    expect(overH2.text).toMatch(/<body [^>]*sid='[^']+'/);
    const chunked = await new Promise<string>((resolve, reject) => {
      const request = https.request(
        `${origin}/http-bind`,
        { method: 'POST', agent: new https.Agent({ ca }), headers: { 'content-type': 'text/xml' } },
        (answer) => {
          let text = '';
          answer.on('data', (chunk: Buffer) => (text += chunk.toString()));
          answer.on('end', () => resolve(`${answer.statusCode} ${text}`));
        },
      );
      request.on('error', reject);
      request.write(body.slice(0, 20));
      request.end(body.slice(20));
    });
    expect(chunked).toMatch(/^200 <body [^>]*sid='[^']+'/);
  });

  it('refuses a BOSH request without a length past 1 MB with 413 in the envelope', async () => {
    const answer = await h2('/http-bind', {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8' },
      body: `<body rid='1' xmlns='http://jabber.org/protocol/httpbind'>${'a'.repeat(1024 * 1024 + 1)}</body>`,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('closes a connection that agreed on HTTP/2 and then sends no HTTP/2, and serves the next', async () => {
    const closed = await new Promise<string>((resolve, reject) => {
      const socket = tls.connect({ host: '127.0.0.1', port: stack.port, ca, ALPNProtocols: ['h2'] }, () => {
        expect(socket.alpnProtocol).toBe('h2');
        socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n\u0000\u00ff garbage');
      });
      socket.on('error', () => resolve('reset'));
      socket.on('close', () => resolve('closed'));
      socket.on('timeout', () => reject(new Error('the server kept the connection open')));
      socket.setTimeout(5_000);
      socket.resume();
    });
    expect(['closed', 'reset']).toContain(closed);
    expect((await h2(VERSION_INFO)).status).toBe(200);
  });

  it('serves a client without HTTP/2 over HTTP/1.1 on the same port', async () => {
    const version = await new Promise<string>((resolve, reject) => {
      // An agent of its own: another file of this process may have set the global agent's `ca`
      // to its own stack's certificate (tests/support/vendor-sdk-node.ts).
      https
        .get(`${origin}${VERSION_INFO}`, { agent: new https.Agent({ ca }) }, (answer) => {
          answer.resume();
          answer.on('end', () => resolve(`${answer.httpVersion} ${answer.statusCode}`));
        })
        .on('error', reject);
    });
    expect(version).toBe('1.1 200');
  });

  it('upgrades a WebSocket on the same port (browsers open theirs over HTTP/1.1)', async () => {
    const socket = new WebSocket(`wss://127.0.0.1:${stack.port}/xmpp-websocket`, 'xmpp', {
      ca,
      headers: { Origin: origin },
    });
    const opened = await new Promise<string>((resolve, reject) => {
      socket.on('open', () => resolve(socket.protocol));
      socket.on('error', reject);
    });
    socket.close();
    expect(opened).toBe('xmpp');
  });
});
