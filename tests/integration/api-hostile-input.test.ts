/**
 * Issue 10 "Bad input gets an honest answer, never a 500": every own-API endpoint of the contract
 * (src/shared/api) is sent NUL characters in each of its fields, bodies of the wrong media type
 * and broken multipart, and answers a 4xx in the envelope (docs/security.md "Honest errors").
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import * as account from '../../src/shared/api/account';
import * as chat from '../../src/shared/api/chat';
import * as chatIdentity from '../../src/shared/api/chat-identity';
import * as consultation from '../../src/shared/api/consultation';
import * as content from '../../src/shared/api/content';
import * as dashboard from '../../src/shared/api/dashboard';
import type { EndpointDefinition } from '../../src/shared/api/endpoint';
import * as notifications from '../../src/shared/api/notifications';
import * as profile from '../../src/shared/api/profile';
import * as protocol from '../../src/shared/api/protocol';
import * as schedule from '../../src/shared/api/schedule';
import { apiClient } from '../support/api';

const stack = inject('stack');
const api = apiClient(stack);

const ENDPOINTS: EndpointDefinition[] = [
  account,
  chat,
  chatIdentity,
  consultation,
  content,
  dashboard,
  notifications,
  profile,
  protocol,
  schedule,
]
  .flatMap((module) => Object.values(module) as unknown[])
  .filter(
    (e): e is EndpointDefinition =>
      typeof e === 'object' && e !== null && 'method' in e && 'path' in e && 'response' in e,
  );

const NUL = 'a\u0000b';

function fieldNames(schema: z.core.$ZodType | undefined): string[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
  };
  return Object.keys(json.properties ?? {});
}

function pathWith(endpoint: EndpointDefinition, value: (name: string) => string): string {
  const path = endpoint.path.startsWith('/') ? endpoint.path : `/${endpoint.path}`;
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(value(name)));
}

/** A harmless value for each path parameter, so that only the part under test is hostile. */
const plainPath = (endpoint: EndpointDefinition) => pathWith(endpoint, () => '1');

interface Raw {
  status: number;
  body: { code?: string; message?: string; data?: unknown };
}

async function send(method: string, path: string, token: string, init: RequestInit = {}): Promise<Raw> {
  const response = await fetch(`${stack.url}/api${path}`, {
    method,
    ...init,
    headers: { apiVersion: '7', authToken: token, ...(init.headers as Record<string, string>) },
  });
  const text = await response.text();
  let body: Raw['body'];
  try {
    body = JSON.parse(text) as Raw['body'];
  } catch {
    throw new Error(
      `${method} ${path} answered ${response.status} outside the envelope: ${text.slice(0, 200)}`,
    );
  }
  return { status: response.status, body };
}

function expectEnvelope4xx(answer: Raw, what: string) {
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBeGreaterThanOrEqual(400);
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
  expect(Object.keys(answer.body).sort(), what).toEqual(['code', 'data', 'message']);
}

let token = '';
beforeAll(async () => {
  // A fresh provider: nobody else's session is ended by this sign-in.
  token = (await api.signUpFresh('hostile')).token;
});

describe('the contract', () => {
  it('has the endpoints this test walks', () => {
    expect(ENDPOINTS.length).toBeGreaterThan(40);
    expect(ENDPOINTS.filter((e) => e.encoding === 'multipart').length).toBeGreaterThanOrEqual(2);
  });
});

describe('NUL characters in text fields (PostgreSQL cannot store them)', () => {
  it('sign-up and profile names, list keywords and file ids answer 400, naming the field', async () => {
    const signUp = await api.call('POST', '/user/user/sign/up/doctor', {
      form: { email: 'nul.name@clinic.example', password: 'Nul-pass-2026', firstName: NUL, lastName: 'N' },
    });
    expect([signUp.status, signUp.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(signUp.data).toEqual({
      fields: [{ field: 'firstName', message: 'must not contain NUL characters' }],
    });

    const file = await send('GET', '/files/a%00b', token);
    expect([file.status, file.body.code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  const withFields = ENDPOINTS.filter(
    (e) => /\{\w+\}/.test(e.path) || fieldNames(e.query).length > 0 || fieldNames(e.body).length > 0,
  );
  it.each(withFields.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s refuses NUL in each of its fields with 400 VALIDATION_ERROR',
    async (_name, endpoint) => {
      const hostile: Array<[string, string, RequestInit]> = [];
      if (/\{\w+\}/.test(endpoint.path)) hostile.push(['path', pathWith(endpoint, () => NUL), {}]);
      for (const name of fieldNames(endpoint.query)) {
        hostile.push([`query ${name}`, `${plainPath(endpoint)}?${new URLSearchParams({ [name]: NUL })}`, {}]);
      }
      for (const name of fieldNames(endpoint.body)) {
        hostile.push([
          `form ${name}`,
          plainPath(endpoint),
          {
            body: new URLSearchParams({ [name]: NUL }).toString(),
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          },
        ]);
        hostile.push([
          `JSON ${name}`,
          plainPath(endpoint),
          {
            body: JSON.stringify({ [name]: [{ deeper: NUL }] }),
            headers: { 'Content-Type': 'application/json' },
          },
        ]);
      }
      for (const [what, path, init] of hostile) {
        const answer = await send(endpoint.method, path, token, init);
        expectEnvelope4xx(answer, what);
        expect([answer.status, answer.body.code], `${what}: ${answer.body.message}`).toEqual([
          400,
          'VALIDATION_ERROR',
        ]);
      }
    },
  );
});

describe('bodies of the wrong media type', () => {
  const withBody = ENDPOINTS.filter((e) => e.body !== undefined && e.encoding !== 'multipart');
  it.each(withBody.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s answers 415 for text/plain, XML and multipart bodies',
    async (_name, endpoint) => {
      const bodies: Array<[string, string]> = [
        ['text/plain', 'email=x'],
        ['application/xml', '<a/>'],
        [
          'multipart/form-data; boundary=zz',
          '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--zz--\r\n',
        ],
      ];
      for (const [type, body] of bodies) {
        const answer = await send(endpoint.method, plainPath(endpoint), token, {
          body,
          headers: { 'Content-Type': type },
        });
        expectEnvelope4xx(answer, type);
        expect([answer.status, answer.body.code], type).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
      }
    },
  );

  it('a 10 000-level JSON body is an ordinary validation error', async () => {
    const deep = `{"email":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const answer = await send('POST', '/user/user/sign/in/doctor', token, {
      body: deep,
      headers: { 'Content-Type': 'application/json' },
    });
    expectEnvelope4xx(answer, 'deep JSON');
    expect(answer.body.code).toBe('VALIDATION_ERROR');
  });
});

describe('broken multipart on the upload endpoints', () => {
  const uploads = ENDPOINTS.filter((e) => e.encoding === 'multipart');
  const head =
    'Content-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';
  const cases: Array<[string, string, string, number, string]> = [
    ['no boundary', 'multipart/form-data', 'xxx', 400, 'VALIDATION_ERROR'],
    ['a boundary that never comes', 'multipart/form-data; boundary=abc', 'garbage', 400, 'VALIDATION_ERROR'],
    [
      'a file cut off mid-part',
      'multipart/form-data; boundary=abc',
      `--abc\r\n${head}\u0089PNG`,
      400,
      'VALIDATION_ERROR',
    ],
    [
      'a part without a header end',
      'multipart/form-data; boundary=abc',
      `--abc\r\nContent-Disposition: form-da`,
      400,
      'VALIDATION_ERROR',
    ],
    [
      'a form instead of multipart',
      'application/x-www-form-urlencoded',
      'file=x',
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    ['text instead of multipart', 'text/plain', 'x', 415, 'UNSUPPORTED_MEDIA_TYPE'],
  ];
  it.each(uploads.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s answers each broken body with a 4xx envelope',
    async (_name, endpoint) => {
      for (const [what, type, body, status, code] of cases) {
        const answer = await send(endpoint.method, plainPath(endpoint), token, {
          body,
          headers: { 'Content-Type': type },
        });
        expectEnvelope4xx(answer, what);
        expect([answer.status, answer.body.code], what).toEqual([status, code]);
      }
    },
  );

  it('a file name with NUL is refused like any other text', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('89504e470d0a1a0a', 'hex')], { type: 'image/png' }), NUL);
    const answer = await send('POST', '/user/doctor/updateDoctorAvatar', token, { body: form });
    expect([answer.status, answer.body.code]).toEqual([400, 'VALIDATION_ERROR']);
  });
});
