/**
 * The own-API contract as the security suites see it: every endpoint object exported by a module
 * of `src/shared/api`, found by reading the folder, so that a new module or endpoint is in every
 * matrix the day it is added (docs/security.md "Security suites").
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { EndpointDefinition } from '../../../src/shared/api/endpoint';
import { ROOT } from '../stack';

function isEndpoint(value: unknown): value is EndpointDefinition {
  return (
    typeof value === 'object' &&
    value !== null &&
    'id' in value &&
    'method' in value &&
    'path' in value &&
    'auth' in value &&
    'response' in value
  );
}

/** Every contract endpoint, once each, ordered by operation id. */
export async function contractEndpoints(): Promise<EndpointDefinition[]> {
  const folder = path.join(ROOT, 'src/shared/api');
  const files = (await readdir(folder)).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
  const byId = new Map<string, EndpointDefinition>();
  for (const file of files) {
    const module = (await import(path.join(folder, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) if (isEndpoint(value)) byId.set(value.id, value);
  }
  return [...byId.values()].sort((a, b) => a.id.localeCompare(b.id));
}

/** `METHOD /api/path` with `{name}` placeholders, as the OpenAPI document keys an operation. */
export function operationKey(endpoint: Pick<EndpointDefinition, 'method' | 'path'>): string {
  return `${endpoint.method} /api${endpoint.path.startsWith('/') ? endpoint.path : `/${endpoint.path}`}`;
}

/**
 * `encodeURIComponent`, except that a lone surrogate (which it refuses) is sent as the bytes of
 * an invalid UTF-8 sequence — hostile input the server must refuse too.
 */
export function encodeSegment(value: string): string {
  return value
    .split(/([\ud800-\udfff])/)
    .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

/** The endpoint's URL below the server root with every path parameter set by `value`. */
export function endpointUrl(endpoint: EndpointDefinition, value: (name: string) => string): string {
  const p = endpoint.path.startsWith('/') ? endpoint.path : `/${endpoint.path}`;
  return `/api${p.replace(/\{(\w+)\}/g, (_, name: string) => encodeSegment(value(name)))}`;
}
