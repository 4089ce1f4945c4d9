/**
 * Issue 15, auth matrix (docs/security.md "Security suites"): every operation of the own-API
 * contract (src/shared/api, read from the folder) × {no token, garbage, expired, signed out,
 * kicked} answers its TOKEN_ERR_* code in the envelope (spec §8). The public operations are named
 * here, one row each: an operation that is neither token-protected nor in PUBLIC fails, and so does
 * an operation the server documents that the contract does not know.
 *
 * The second step of a sign-in (docs/security.md "Second factor") has a column of its own: a
 * token of a sign-in whose password was right and whose second factor is due is refused by every
 * token and enrolment operation, and the second-step operations refuse every token but a live
 * step's.
 *
 * Runs on its own stack (no Prosody, idle expiry of 2 s) so that a token can really expire.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDefinition } from '../../src/shared/api/endpoint';
import { TOKEN_ERROR_CODES } from '../../src/shared/api/envelope';
import { apiClient } from '../support/api';
import { appCode, wrongCode } from '../support/second-factor';
import { contractEndpoints, endpointUrl, operationKey } from '../support/security/contract';
import { startStack, type TestStack } from '../support/stack';

/**
 * Operations anyone may call, why, and what a token that is sent anyway does: `ignored`, or
 * `checked` (the answer depends on who asks, so a stale token gets its TOKEN_ERR like any other
 * call). A new public operation needs a row here.
 */
const PUBLIC: Record<string, { why: string; token: 'ignored' | 'checked' }> = {
  'POST /api/user/user/sign/in/doctor': { why: 'signing in is how a token is obtained', token: 'ignored' },
  'POST /api/user/user/sign/up/doctor': {
    why: 'signing up starts with a code mailed to the address',
    token: 'ignored',
  },
  'POST /api/user/user/sign/up/doctor/confirm': {
    why: 'the mailed code and the sign-up id make the account and its first token',
    token: 'ignored',
  },
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
  'GET /api/core/cycle/file/{token}': {
    why: 'a generated PDF behind its 256-bit link for 15 minutes (the link is the credential), outside the contract',
    token: 'ignored',
  },
  'GET /api/message/qb/avatar/default.svg': {
    why: 'the default avatar, the same image for everyone, outside the contract',
    token: 'ignored',
  },
};

/** Token operations the server documents outside the contract (raw bytes, no envelope on success). */
const TOKEN_OUTSIDE_CONTRACT: Record<string, string> = {
  'GET /api/consultation/invite/doctor/certificate/{id}': "a provider's own certificate document",
};

type Column = 'no token' | 'garbage' | 'expired' | 'signed out' | 'kicked' | 'half signed in';
const EXPECTED: Record<Column, string> = {
  'no token': 'TOKEN_ERR_EMPTY',
  garbage: 'TOKEN_ERR_NOT_FOUND',
  expired: 'TOKEN_ERR_NOT_FOUND',
  'signed out': 'TOKEN_ERR_LOGOUT',
  kicked: 'TOKEN_ERR_KICKED',
  'half signed in': 'TOKEN_ERR_NOT_FOUND',
};

/** Tokens the second-step operations must refuse, and what each answers. */
type StepColumn = 'no token' | 'garbage' | 'a session' | 'abandoned' | 'finished' | 'too many tries';
const STEP_EXPECTED: Record<StepColumn, string> = {
  'no token': 'TOKEN_ERR_EMPTY',
  garbage: 'TOKEN_ERR_NOT_FOUND',
  'a session': 'TOKEN_ERR_NOT_FOUND',
  abandoned: 'TOKEN_ERR_NOT_FOUND',
  finished: 'TOKEN_ERR_NOT_FOUND',
  'too many tries': 'TOKEN_ERR_NOT_FOUND',
};
const IDLE_SECONDS = 2;

let stack: TestStack;
let endpoints: EndpointDefinition[];
const tokens = {} as Record<Column, string | null>;
const stepTokens = {} as Record<StepColumn, string | null>;
/** The provider whose sign-ins have a second step: her app's secret and recovery codes. */
const withFactor = { email: '', password: '', secret: '', recoveryCodes: [] as string[] };

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
  const api = apiClient(stack);
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

  // A provider with an authenticator app, each call on a session of its own (sessions here live 2 s).
  const enrolling = await api.signUpFresh('matrix-second-step');
  const started = await api.call<{ secret: string }>('POST', '/user/doctor/second-factor/totp/start', {
    token: enrolling.token,
  });
  const confirmed = await api.call<{ recoveryCodes: string[] }>('POST', '/user/doctor/second-factor/totp', {
    token: await api.signIn(enrolling.email, enrolling.password),
    form: { code: appCode(started.data.secret) },
  });
  if (confirmed.code !== 'OK') throw new Error(`matrix TOTP enrolment failed: ${confirmed.message}`);
  Object.assign(withFactor, {
    email: enrolling.email,
    password: enrolling.password,
    secret: started.data.secret,
    recoveryCodes: confirmed.data.recoveryCodes,
  });
  const abandoned = await openStep();
  await api.call('POST', '/user/user/sign/in/doctor/second-step/abandon', { token: abandoned });
  const finished = await openStep();
  await completeStep(finished, { method: 'recovery', code: withFactor.recoveryCodes[0] });
  const exhausted = await openStep();
  for (let i = 0; i < 5; i++)
    await completeStep(exhausted, { method: 'totp', code: wrongCode(started.data.secret) });
  Object.assign(stepTokens, {
    'no token': null,
    garbage: tokens.garbage,
    'a session': (await api.signUpFresh('matrix-session')).token,
    abandoned,
    finished,
    'too many tries': exhausted,
  });
  tokens['half signed in'] = await openStep();
});

/** A second step of the provider with a factor: its token. */
async function openStep(): Promise<string> {
  const answer = await apiClient(stack).call<{ secondStep: { token: string } }>(
    'POST',
    '/user/user/sign/in/doctor',
    { form: { email: withFactor.email, password: withFactor.password } },
  );
  if (!answer.data.secondStep) throw new Error(`no second step: ${answer.code} ${answer.message}`);
  return answer.data.secondStep.token;
}

function completeStep(token: string, proof: unknown) {
  return apiClient(stack).call<{ token: string }>('POST', '/user/user/sign/in/doctor/second-step', {
    token,
    json: proof,
  });
}

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
      const guarded = endpoints.filter((e) => e.auth === 'token' || e.auth === 'enrolment');
      for (const endpoint of [...guarded, ...outside]) {
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
      if (column === 'half signed in') {
        // The step was live all along: it still finishes the sign-in.
        const done = await completeStep(tokens[column]!, {
          method: 'recovery',
          code: withFactor.recoveryCodes[1],
        });
        expect(done.code).toBe('OK');
      }
    },
  );

  it.each(Object.keys(STEP_EXPECTED) as StepColumn[])(
    'every second-step operation with %s answers its TOKEN_ERR code',
    async (column) => {
      const wrong: string[] = [];
      const stepOperations = endpoints.filter((e) => e.auth === 'second-step');
      expect(stepOperations.length).toBeGreaterThanOrEqual(3);
      for (const endpoint of stepOperations) {
        const answer = await raw(endpoint, stepTokens[column]);
        const body = answer.body as { code?: unknown };
        if (answer.status !== 401 || body.code !== STEP_EXPECTED[column])
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
