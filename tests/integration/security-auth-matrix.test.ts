/**
 * Issue 15, auth matrix (docs/security.md "Security suites"): every operation of the own-API
 * contract (src/shared/api, read from the folder) × {no token, garbage, expired, signed out,
 * kicked} answers its TOKEN_ERR_* code in the envelope (spec §8). The public operations are named
 * here, one row each: an operation that is neither token-protected nor in PUBLIC fails, and so does
 * an operation the server documents that the contract does not know.
 *
 * Runs on its own stack (no Prosody, idle expiry of 2 s) so that a token can really expire.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDefinition } from '../../src/shared/api/endpoint';
import { TOKEN_ERROR_CODES } from '../../src/shared/api/envelope';
import { apiClient } from '../support/api';
import { contractEndpoints, endpointUrl, operationKey } from '../support/security/contract';
import { startStack, type TestStack } from '../support/stack';

/**
 * Operations anyone may call, why, and what a token that is sent anyway does: `ignored`, or
 * `checked` (the answer depends on who asks, so a stale token gets its TOKEN_ERR like any other
 * call). A new public operation needs a row here.
 */
const PUBLIC: Record<string, { why: string; token: 'ignored' | 'checked' }> = {
  'POST /api/user/user/sign/in/doctor': { why: 'signing in is how a token is obtained', token: 'ignored' },
  'POST /api/user/user/sign/up/doctor': { why: 'signing up creates the account', token: 'ignored' },
  'POST /api/user/user/sign/forget/password': {
    why: 'a provider without a password asks for a reset code',
    token: 'ignored',
  },
  'GET /api/user/protocol/getPublishProtocolVersionInfo': {
    why: 'the agreements are shown before sign-up; with a token it also says which she accepted',
    token: 'checked',
  },
  'GET /api/files/{uid}': {
    why: 'public blobs (avatars) by their unguessable uid, outside the contract',
    token: 'ignored',
  },
};

/** Token operations the server documents outside the contract (raw bytes, no envelope on success). */
const TOKEN_OUTSIDE_CONTRACT: Record<string, string> = {
  'GET /api/consultation/invite/doctor/certificate/{id}': "a provider's own certificate document",
};

type Column = 'no token' | 'garbage' | 'expired' | 'signed out' | 'kicked';
const EXPECTED: Record<Column, string> = {
  'no token': 'TOKEN_ERR_EMPTY',
  garbage: 'TOKEN_ERR_NOT_FOUND',
  expired: 'TOKEN_ERR_NOT_FOUND',
  'signed out': 'TOKEN_ERR_LOGOUT',
  kicked: 'TOKEN_ERR_KICKED',
};
const IDLE_SECONDS = 2;

let stack: TestStack;
let endpoints: EndpointDefinition[];
const tokens = {} as Record<Column, string | null>;

async function raw(endpoint: EndpointDefinition, token: string | null) {
  const headers: Record<string, string> = { apiVersion: '7' };
  if (token !== null) headers.authToken = token;
  const response = await fetch(`${stack.url}${endpointUrl(endpoint, () => '1')}`, {
    method: endpoint.method,
    headers,
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, body };
}

beforeAll(async () => {
  stack = await startStack({ env: { PROSODY_BIN: '', SESSION_IDLE_SECONDS: String(IDLE_SECONDS) } });
  endpoints = await contractEndpoints();
  const api = apiClient(stack.url);
  const expiring = await api.signUpFresh('matrix-expired');
  const leaving = await api.signUpFresh('matrix-logout');
  await api.call('POST', '/user/user/sign/out/doctor', { token: leaving.token });
  const kickedAccount = await api.signUpFresh('matrix-kicked');
  await api.signIn(kickedAccount.email, kickedAccount.password);
  tokens['no token'] = null;
  tokens.garbage = `garbage-${'f'.repeat(56)}`;
  tokens['signed out'] = leaving.token;
  tokens.kicked = kickedAccount.token;
  tokens.expired = expiring.token;
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000 + 300));
});

afterAll(async () => {
  await stack?.stop({ remove: true });
});

describe('auth matrix', () => {
  it('the server documents exactly the contract’s operations, and every public one has a row', async () => {
    const document = (await (await fetch(`${stack.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(document.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${p}`),
    );
    const contract = endpoints.map(operationKey);
    expect(documented.filter((k) => !contract.includes(k)).sort()).toEqual(
      [...Object.keys(PUBLIC), ...Object.keys(TOKEN_OUTSIDE_CONTRACT)]
        .filter((k) => !contract.includes(k))
        .sort(),
    );
    expect(contract.filter((k) => !documented.includes(k))).toEqual([]);
    const publicInContract = endpoints.filter((e) => e.auth === 'public').map(operationKey);
    expect(publicInContract.filter((k) => !(k in PUBLIC))).toEqual([]);
    expect(Object.keys(PUBLIC).filter((k) => contract.includes(k) && !publicInContract.includes(k))).toEqual(
      [],
    );
    expect(endpoints.length).toBeGreaterThan(60);
  });

  it.each(Object.keys(EXPECTED) as Column[])(
    'every token operation with %s answers its TOKEN_ERR code',
    async (column) => {
      const wrong: string[] = [];
      const outside = Object.keys(TOKEN_OUTSIDE_CONTRACT).map((key) => {
        const [method, path] = key.split(' ') as [EndpointDefinition['method'], string];
        return { method, path: path.slice('/api'.length) } as EndpointDefinition;
      });
      for (const endpoint of [...endpoints.filter((e) => e.auth === 'token'), ...outside]) {
        const answer = await raw(endpoint, tokens[column]);
        const body = answer.body as { code?: unknown; message?: unknown; data?: unknown };
        const fine =
          answer.status === 401 &&
          body.code === EXPECTED[column] &&
          typeof body.message === 'string' &&
          body.data === null &&
          Object.keys(body).sort().join() === 'code,data,message';
        if (!fine)
          wrong.push(`${operationKey(endpoint)} → ${answer.status} ${JSON.stringify(body).slice(0, 160)}`);
      }
      expect(wrong).toEqual([]);
    },
  );

  it('public operations need no token, and answer a sent one as their row says', async () => {
    const wrong: string[] = [];
    for (const endpoint of endpoints.filter((e) => e.auth === 'public')) {
      const row = PUBLIC[operationKey(endpoint)]!;
      for (const column of Object.keys(EXPECTED) as Column[]) {
        const answer = await raw(endpoint, tokens[column]);
        const code = (answer.body as { code?: string }).code ?? '';
        const isTokenError = (TOKEN_ERROR_CODES as readonly string[]).includes(code);
        const expected = row.token === 'checked' && column !== 'no token' ? EXPECTED[column] : null;
        if (answer.status >= 500 || (expected ? code !== expected : isTokenError)) {
          wrong.push(`${operationKey(endpoint)} with ${column} → ${answer.status} ${code}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
