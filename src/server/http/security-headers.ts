/**
 * What the browser is told is allowed, on every answer (docs/security.md "HTTP headers and
 * origins"): a Content-Security-Policy without inline script for HTML (the built portal and
 * Swagger UI at `/api/docs` both run under it), a locked-down one for everything else (an
 * uploaded SVG or HTML file opened in a tab runs nothing), no framing, camera, microphone and
 * screen capture for our own pages only, HSTS over TLS, and `no-store` on API answers.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The one inline style our pages carry: the `<style>` inside Swagger UI's logo SVG (its bundle in
 * @fastify/swagger-ui 6.1.3). Allowed by its hash; the e2e test of /api/docs fails if it changes.
 */
const SWAGGER_LOGO_STYLE = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

/** Everything else a document of ours may not do is closed by `default-src 'self'`. */
function documentPolicy(socketOrigin: string | null): string {
  return [
    "default-src 'self'",
    // WebAssembly compiles, JavaScript eval does not: long.js (64-bit protobuf fields of the app
    // socket) instantiates a small fixed module for multiplication.
    "script-src 'self' 'wasm-unsafe-eval'",
    `style-src 'self' ${SWAGGER_LOGO_STYLE}`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "media-src 'self' blob:",
    // 'self' covers ws(s) to the same host in CSP 3; the explicit origin is for browsers before it.
    `connect-src 'self'${socketOrigin ? ` ${socketOrigin}` : ''}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Files, JSON and errors: nothing in them may run if a browser renders them as a page. */
const RESOURCE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

/** Chrome's PDF viewer does not load in a sandboxed document. */
const PDF_POLICY = "default-src 'none'; frame-ancestors 'none'";

export const PERMISSIONS_POLICY =
  'camera=(self), microphone=(self), display-capture=(self), geolocation=(), payment=(), usb=()';

const API_PATH = /^\/(api|qb)([/?]|$)/;

/** The headers every answer carries, whatever produced it. */
export const BASE_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'same-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Headers of an answer written outside Fastify (request guard, upgrades, proxy errors). */
export function rawAnswerHeaders(): Record<string, string> {
  return { ...BASE_HEADERS, 'Content-Security-Policy': RESOURCE_POLICY, 'Cache-Control': 'no-store' };
}

function contentSecurityPolicy(request: FastifyRequest, contentType: string): string {
  if (/^text\/html\b/i.test(contentType)) {
    // The Host was checked against the configured hosts before Fastify saw the request.
    const host = request.headers.host;
    return documentPolicy(host ? `${request.protocol === 'https' ? 'wss' : 'ws'}://${host}` : null);
  }
  return /^application\/pdf\b/i.test(contentType) ? PDF_POLICY : RESOURCE_POLICY;
}

function applyHeaders(request: FastifyRequest, reply: FastifyReply) {
  reply.headers(BASE_HEADERS);
  // A 304 has no body type; its headers would replace the cached page's policy.
  if (reply.statusCode !== 304) {
    const contentType = String(reply.getHeader('content-type') ?? '');
    reply.header('Content-Security-Policy', contentSecurityPolicy(request, contentType));
  }
  // request.protocol is https on a TLS socket, or behind TRUST_PROXY with X-Forwarded-Proto https.
  if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000');
  // Routes that serve cacheable files (public avatars) say so themselves.
  if (API_PATH.test(request.url) && !reply.hasHeader('cache-control'))
    reply.header('Cache-Control', 'no-store');
}

/**
 * A synchronous hook: it only sets headers, and an async one would cost every answer a promise
 * and a turn of the microtask queue before it is written (docs/performance.md "Server").
 */
export function installSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    applyHeaders(request, reply);
    done(null, payload);
  });
}
