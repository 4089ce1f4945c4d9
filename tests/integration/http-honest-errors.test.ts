/**
 * Issue 10: no path of the API, the chat proxy or the server's own hooks answers a 4xx/5xx that
 * names the wrong cause (docs/security.md "Honest errors"). Each refusal has its own status and
 * envelope code; under `/qb` the vendor's `{ errors }` shape.
 */
import { describe, expect, inject, it } from 'vitest';
import { rawExchange, rawRequest, tryUpgrade } from '../support/raw-http';

const stack = inject('stack');

function envelopeOf(answer: { json: Record<string, unknown> | null; text: string }) {
  expect(answer.json, answer.text.slice(0, 200)).not.toBeNull();
  expect(Object.keys(answer.json!).sort()).toEqual(['code', 'data', 'message']);
  return answer.json as { code: string; message: string; data: unknown };
}

describe('a method the path does not take', () => {
  it('answers 405 METHOD_NOT_ALLOWED with Allow on an API path', async () => {
    const answer = await rawRequest(stack.url, { method: 'PUT', path: '/api/user/user/sign/in/doctor' });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('POST');
    expect(envelopeOf(answer).code).toBe('METHOD_NOT_ALLOWED');
  });

  it('lists GET and HEAD for a read endpoint', async () => {
    const answer = await rawRequest(stack.url, {
      method: 'DELETE',
      path: '/api/user/protocol/getPublishProtocolVersionInfo',
    });
    expect([answer.status, answer.headers.allow]).toEqual([405, 'GET, HEAD']);
  });

  it('answers 405 with Allow in the vendor shape under /qb', async () => {
    const answer = await rawRequest(stack.url, { method: 'PATCH', path: '/qb/session.json' });
    expect([answer.status, answer.headers.allow]).toEqual([405, 'GET, HEAD, POST, DELETE']);
    expect(Object.keys(answer.json ?? {})).toEqual(['errors']);
    const missing = await rawRequest(stack.url, { method: 'GET', path: '/qb/no/such/thing.json' });
    expect([missing.status, Object.keys(missing.json ?? {})]).toEqual([404, ['errors']]);
  });

  it('still answers 404 NOT_FOUND for a path that exists for no method', async () => {
    const answer = await rawRequest(stack.url, { method: 'PUT', path: '/api/no/such/thing' });
    expect([answer.status, envelopeOf(answer).code]).toEqual([404, 'NOT_FOUND']);
  });
});

describe('what the request line and headers carry', () => {
  it('answers 414 URI_TOO_LONG for a query string over 16 KB', async () => {
    const answer = await rawRequest(stack.url, {
      path: `/api/user/protocol/getPublishProtocolVersionInfo?x=${'a'.repeat(17 * 1024)}`,
    });
    expect([answer.status, envelopeOf(answer).code]).toEqual([414, 'URI_TOO_LONG']);
  });

  it('answers 414 for a URL beyond what the HTTP parser reads at all', async () => {
    const answer = await rawRequest(stack.url, { path: `/api/${'a'.repeat(100 * 1024)}` });
    expect([answer.status, envelopeOf(answer).code]).toEqual([414, 'URI_TOO_LONG']);
  });

  it('answers 431 HEADERS_TOO_LARGE for 20 KB and 70 KB of headers', async () => {
    for (const size of [20 * 1024, 70 * 1024]) {
      const answer = await rawRequest(stack.url, {
        path: '/api/user/protocol/getPublishProtocolVersionInfo',
        headers: { 'X-Padding': 'a'.repeat(size) },
      });
      expect([answer.status, envelopeOf(answer).code], `${size} bytes`).toEqual([431, 'HEADERS_TOO_LARGE']);
    }
  });

  it('answers the vendor shape under /qb', async () => {
    const answer = await rawRequest(stack.url, { path: `/qb/users.json?x=${'a'.repeat(17 * 1024)}` });
    expect(answer.status).toBe(414);
    expect(answer.json).toEqual({ errors: [expect.stringContaining('URL')] });
  });

  it('answers 400 BAD_REQUEST in the envelope for bytes that are not HTTP', async () => {
    const answer = await rawExchange(stack.port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('answers a malformed percent-encoding as BAD_REQUEST, not a validation of some field', async () => {
    const answer = await rawRequest(stack.url, { path: '/api/user/protocol/%zz' });
    expect(answer.status).toBe(400);
    expect(envelopeOf(answer).code).toBe('BAD_REQUEST');
  });
});

describe('bodies', () => {
  it('answers 413 PAYLOAD_TOO_LARGE for a form over 1 MB', async () => {
    const answer = await rawRequest(stack.url, {
      method: 'POST',
      path: '/api/user/user/sign/in/doctor',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `email=${'a'.repeat(1024 * 1024 + 10)}`,
    });
    expect([answer.status, envelopeOf(answer).code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it('answers 415 UNSUPPORTED_MEDIA_TYPE for a body the endpoint cannot read', async () => {
    const answer = await rawRequest(stack.url, {
      method: 'POST',
      path: '/api/user/user/sign/in/doctor',
      headers: { 'Content-Type': 'text/plain' },
      body: 'email=x',
    });
    expect([answer.status, envelopeOf(answer).code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
  });
});

describe('the server’s own hooks and the chat proxy', () => {
  it('answers a Prosody hook call without the secret 403 FORBIDDEN, not a validation error', async () => {
    const answer = await rawRequest(stack.url, {
      method: 'POST',
      path: '/internal/prosody/auth',
      headers: { 'Content-Type': 'application/json', 'X-Portal-Secret': 'guess' },
      body: '{}',
    });
    expect([answer.status, envelopeOf(answer).code]).toEqual([403, 'FORBIDDEN']);
  });

  it('refuses an upgrade to no socket with a 404 envelope', async () => {
    const answer = await tryUpgrade(`${stack.url.replace('http', 'ws')}/nothing`, 'xmpp', {});
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'NOT_FOUND' });
  });
});
