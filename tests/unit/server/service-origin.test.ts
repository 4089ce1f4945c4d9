/**
 * The origin the chat-service stand-in puts in the URLs it hands out (issue 23 item 4;
 * docs/wire/hosted-chat.md §6): `PUBLIC_ORIGIN` when set, else the request's own scheme and host,
 * so an upload URL behind a TLS front is `https://` as the vendor's iOS apps require.
 */
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import type { ServerContext } from '../../../src/server/context';
import { serviceOrigin } from '../../../src/server/qb/service-origin';

const contextWith = (env: Record<string, string>) => ({ config: loadConfig(env) }) as ServerContext;
const request = (protocol: 'http' | 'https', host: string) => ({ protocol, host }) as FastifyRequest;

describe('serviceOrigin', () => {
  it('is PUBLIC_ORIGIN whenever it is set, whatever the request says', () => {
    const ctx = contextWith({ PUBLIC_ORIGIN: 'https://portal.example.com' });
    expect(serviceOrigin(ctx, request('http', '127.0.0.1:8080'))).toBe('https://portal.example.com');
  });

  it("is the request's scheme and host otherwise (https on our TLS port or from a trusted front)", () => {
    const ctx = contextWith({});
    expect(serviceOrigin(ctx, request('https', 'chat.example:8443'))).toBe('https://chat.example:8443');
    expect(serviceOrigin(ctx, request('http', '127.0.0.1:8080'))).toBe('http://127.0.0.1:8080');
  });
});
