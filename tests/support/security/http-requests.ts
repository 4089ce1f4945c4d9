/**
 * Requests generated from one operation's contract: path parameters, query and body from its zod
 * schemas (src/shared/api), sent in the declared encoding or a wrong one, with a live token, none
 * or a forged one; and the check every answer must pass (docs/security.md "Security suites").
 */
import fc from 'fast-check';
import type { EndpointDefinition } from '../../../src/shared/api/endpoint';
import { ERROR_CODES } from '../../../src/shared/api/envelope';
import { hostileValue, jsonSchemaOf, objectFor, validish } from './arbitraries';
import { endpointUrl } from './contract';

export type TokenKind = 'live' | 'none' | 'forged';
export type BodyMode = 'declared' | 'json' | 'form' | 'text' | 'malformed' | 'empty' | 'untyped';

export interface FuzzRequest {
  endpoint: EndpointDefinition;
  method: string;
  /** Below the server root, query included. */
  url: string;
  tokenKind: TokenKind;
  bodyMode: BodyMode;
  headers: Record<string, string>;
  body: unknown;
  file: { bytes: Uint8Array; type: string; name: string } | null;
}

/** One level of form fields, as a browser or the spec's clients send them (spec §7). */
export function formPairs(value: unknown): Array<[string, string]> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [['value', scalar(value)]];
  const pairs: Array<[string, string]> = [];
  for (const [key, v] of Object.entries(value)) {
    if (Array.isArray(v)) for (const item of v) pairs.push([key, scalar(item)]);
    else pairs.push([key, scalar(v)]);
  }
  return pairs;
}

function scalar(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

const HEADER_CHOICES = {
  apiVersion: ['7', '7', '7', '1', '999', 'x'],
  timezone: ['Europe/London', 'America/New_York', 'Mars/Olympus', '', '+99:99'],
  country: ['GB', 'DE', 'ZZ', 'gbr', ''],
  os: ['web', 'ios', 'android', 'x'.repeat(600)],
};

export function requestFor(endpoint: EndpointDefinition): fc.Arbitrary<FuzzRequest> {
  const params = jsonSchemaOf(endpoint.params);
  const paramNames = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const paramValues = fc.tuple(
    ...paramNames.map((name) =>
      fc.oneof(
        { weight: 3, arbitrary: params?.properties?.[name] ? validish(params.properties[name]) : fc.nat() },
        { weight: 1, arbitrary: hostileValue },
      ),
    ),
  );
  const query = endpoint.query ? objectFor(jsonSchemaOf(endpoint.query)) : fc.constant(null);
  const body =
    endpoint.body || endpoint.encoding === 'multipart'
      ? objectFor(jsonSchemaOf(endpoint.body))
      : fc.constant(null);
  const file = fc.option(
    fc.record({
      bytes: fc.uint8Array({ maxLength: 2048 }),
      type: fc.constantFrom(
        'image/png',
        'image/jpeg',
        'image/gif',
        'text/html',
        'application/pdf',
        'application/x-msdownload',
        '',
      ),
      name: fc.constantFrom('a.png', 'photo.jpg', '../../etc/passwd', 'a\u0000.png', 'x'.repeat(300), ''),
    }),
    { freq: 4 },
  );
  return fc
    .record({
      paramValues,
      query,
      body,
      file,
      tokenKind: fc.constantFrom<TokenKind>('live', 'live', 'live', 'live', 'live', 'live', 'none', 'forged'),
      bodyMode: fc.constantFrom<BodyMode>(
        'declared',
        'declared',
        'declared',
        'declared',
        'declared',
        'json',
        'form',
        'text',
        'malformed',
        'empty',
        'untyped',
      ),
      headers: fc.record({
        apiVersion: fc.constantFrom(...HEADER_CHOICES.apiVersion),
        timezone: fc.constantFrom(...HEADER_CHOICES.timezone),
        country: fc.constantFrom(...HEADER_CHOICES.country),
        os: fc.constantFrom(...HEADER_CHOICES.os),
      }),
    })
    .map(({ paramValues: values, query: q, body: b, file: f, tokenKind, bodyMode, headers }) => {
      let url = endpointUrl(endpoint, (name) => scalar(values[paramNames.indexOf(name)]));
      if (q !== null) {
        const search = new URLSearchParams(formPairs(q)).toString();
        if (search) url += `?${search}`;
      }
      return {
        endpoint,
        method: endpoint.method,
        url,
        tokenKind,
        bodyMode: endpoint.method === 'GET' ? 'declared' : bodyMode,
        headers,
        body: b,
        file: f,
      };
    });
}

/** The fetch init of a generated request; `token` is the live token when the request wants one. */
export function fetchInit(request: FuzzRequest, token: string | null, from: string): RequestInit {
  const headers: Record<string, string> = { ...request.headers, 'X-Forwarded-For': from };
  if (request.tokenKind === 'live' && token) headers.authToken = token;
  if (request.tokenKind === 'forged') headers.authToken = 'f'.repeat(64);
  if (request.method === 'GET') return { method: request.method, headers };
  const mode = request.bodyMode === 'declared' ? request.endpoint.encoding : request.bodyMode;
  let body: BodyInit | undefined;
  switch (mode) {
    case 'json':
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.body ?? {});
      break;
    case 'form':
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(formPairs(request.body)).toString();
      break;
    case 'multipart': {
      const form = new FormData();
      for (const [k, v] of formPairs(request.body)) form.append(k, v);
      if (request.file) {
        form.append(
          'file',
          new Blob([new Uint8Array(request.file.bytes)], { type: request.file.type }),
          request.file.name,
        );
      }
      body = form;
      break;
    }
    case 'text':
      headers['Content-Type'] = 'text/plain';
      body = scalar(request.body);
      break;
    case 'malformed':
      headers['Content-Type'] =
        request.endpoint.encoding === 'json'
          ? 'application/json'
          : request.endpoint.encoding === 'multipart'
            ? 'multipart/form-data; boundary=----x'
            : 'application/x-www-form-urlencoded';
      body = request.endpoint.encoding === 'form' ? '%E0%A4%A=1&&=&a=%' : '{"a": [1, 2';
      break;
    case 'empty':
      headers['Content-Type'] =
        request.endpoint.encoding === 'json' ? 'application/json' : 'application/x-www-form-urlencoded';
      body = '';
      break;
    case 'untyped':
      body = new Uint8Array([0xff, 0xfe, 0x00, 0x7b]);
      break;
  }
  return { method: request.method, headers, body };
}

export interface Answered {
  status: number;
  contentType: string;
  text: string;
}

/** What is wrong with an answer of the own API, or null: never a 5xx, every refusal an envelope. */
export function ownApiProblem(answer: Answered): string | null {
  if (answer.status >= 500) return `status ${answer.status}`;
  if (answer.status < 300 && !answer.contentType.includes('application/json')) return null;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `status ${answer.status} without a JSON envelope: ${answer.text.slice(0, 120)}`;
  }
  const envelope = body as { code?: unknown; message?: unknown; data?: unknown };
  if (!body || typeof body !== 'object' || Object.keys(body).sort().join() !== 'code,data,message') {
    return `not an envelope: ${answer.text.slice(0, 160)}`;
  }
  if (typeof envelope.message !== 'string') return 'envelope message is not a string';
  if (answer.status < 300)
    return envelope.code === 'OK' ? null : `status ${answer.status} with code ${String(envelope.code)}`;
  const expected = (ERROR_CODES as Record<string, number>)[String(envelope.code)];
  if (expected === undefined) return `unknown error code ${String(envelope.code)}`;
  if (expected !== answer.status)
    return `code ${String(envelope.code)} with status ${answer.status} (expected ${expected})`;
  return null;
}
