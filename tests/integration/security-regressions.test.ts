/**
 * Issue 15: defects the security suites found, each pinned by the request that found it (the
 * fuzzers draw new cases every run; these stay) — docs/security.md "Security suites".
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient } from '../support/api';

const stack = inject('stack');
const api = apiClient(stack);
let token = '';

beforeAll(async () => {
  token = (await api.signUpFresh('regression')).token;
});

describe('defects found by the security suites', () => {
  it('an id beyond a database integer is an unknown id, not a 500 (own-API fuzzer)', async () => {
    for (const path of [
      '/consultation/invite/doctor/order/detail?id=2147483648',
      '/consultation/invite/doctor/order/detail?id=9007199254740991',
    ]) {
      const answer = await api.call('GET', path, { token });
      expect(answer.status, path).toBe(400);
      expect(answer.code).toBe('VALIDATION_ERROR');
    }
  });

  it('a certificate id beyond a database integer is not found, not a 500 (tenancy matrix)', async () => {
    const answer = await api.call('GET', '/consultation/invite/doctor/certificate/2147483648', { token });
    expect(answer.status).toBe(404);
    expect(answer.code).toBe('NOT_FOUND');
  });

  it('an upload whose file part has no name is refused, not a 500 (own-API fuzzer)', async () => {
    for (const [name, type, bytes] of [
      ['', '', 0],
      ['', 'image/png', 8],
      ['a.png', '', 0],
    ] as const) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
      const answer = await api.call('POST', '/consultation/invite/doctor/certificate/upload', {
        token,
        body: form,
      });
      expect(
        answer.status,
        `${JSON.stringify(name)} ${type} ${bytes} B: ${answer.code}`,
      ).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
  });
});
