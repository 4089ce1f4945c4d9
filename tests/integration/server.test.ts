/** The server's HTTP contract: headers of spec §7, envelope, OpenAPI, admin guard. */
import { describe, expect, inject, it } from 'vitest';
import * as account from '../../src/shared/api/account';
import * as chatIdentity from '../../src/shared/api/chat-identity';
import * as protocol from '../../src/shared/api/protocol';
import { adminCall, apiClient } from '../support/api';

const stack = inject('stack');
const api = apiClient(stack);

describe('request headers (spec §7)', () => {
  it('refuses another apiVersion and an unknown time zone', async () => {
    const version = await api.call('GET', '/user/protocol/getPublishProtocolVersionInfo', {
      headers: { apiVersion: '6' },
    });
    expect([version.status, version.code]).toEqual([400, 'API_VERSION_UNSUPPORTED']);
    const tz = await api.call('GET', '/user/protocol/getPublishProtocolVersionInfo', {
      headers: { timezone: 'Nowhere/City' },
    });
    expect(tz.code).toBe('VALIDATION_ERROR');
  });

  it('takes the sign-up time zone and country from the headers', async () => {
    const answer = await api.signUp<{ userInfo: { timezone: string; country: string } }>(
      {
        email: `hdr.${Date.now()}@clinic.example`,
        password: 'Header-pass-2026',
        firstName: 'H',
        lastName: 'D',
      },
      { headers: { timezone: 'Asia/Tokyo', country: 'jp' } },
    );
    expect(answer.data.userInfo).toMatchObject({ timezone: 'Asia/Tokyo', country: 'JP' });
  });
});

describe('envelope', () => {
  it('answers unknown API paths with a 404 envelope', async () => {
    const answer = await api.call('GET', '/no/such/thing');
    expect([answer.status, answer.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('answers a malformed JSON body with a validation envelope', async () => {
    const response = await fetch(`${stack.url}/api/user/user/sign/in/doctor`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":',
    });
    const body = (await response.json()) as { code: string };
    expect([response.status, body.code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('accepts JSON bodies as well as forms', async () => {
    const answer = await api.call<{ token: string }>('POST', '/user/user/sign/in/doctor', {
      json: { email: 'dana.novak@clinic.example', password: 'Dana-demo-2026' },
    });
    expect(answer.code).toBe('OK');
  });
});

describe('OpenAPI at /api/docs', () => {
  it('documents every contract endpoint of this issue', async () => {
    const doc = (await (await fetch(`${stack.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const endpoints = [account, protocol, chatIdentity]
      .flatMap((m) => Object.values(m))
      .filter(
        (e): e is { path: string; method: string } =>
          typeof e === 'object' && e !== null && 'method' in e && 'path' in e,
      );
    expect(endpoints.length).toBeGreaterThanOrEqual(14);
    for (const e of endpoints) {
      const path = `/api${e.path.startsWith('/') ? e.path : `/${e.path}`}`;
      expect(doc.paths[path]?.[e.method.toLowerCase()], `${e.method} ${path}`).toBeDefined();
    }
    const ui = await fetch(`${stack.url}/api/docs/`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('swagger');
  });
});

describe('admin API', () => {
  it('refuses callers without the secret', async () => {
    const answer = await adminCall(stack.url, 'wrong', 'GET', '/providers');
    expect([answer.status, answer.code]).toEqual([403, 'FORBIDDEN']);
  });

  it('lists providers with the secret from DATA_DIR', async () => {
    const answer = await adminCall<Array<{ email: string; auditStatus: string | null }>>(
      stack.url,
      stack.adminSecret,
      'GET',
      '/providers',
    );
    expect(answer.data.find((p) => p.email === 'chiara.rossi@clinic.example')?.auditStatus).toBe(
      'AUDIT_NOT_PASSED',
    );
  });
});
