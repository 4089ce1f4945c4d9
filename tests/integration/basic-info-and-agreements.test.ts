/**
 * Issue 12, the calls the portal did not use yet: `updateDoctorInfo` changes basic info without a
 * new review (the reviewed name and title need a new submission), and
 * `getPublishProtocolVersionInfo` tells a signed-in provider which agreement versions she accepted.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient } from '../support/api';
import { approvedProvider } from '../support/workspace';

const stack = inject('stack');
const api = apiClient(stack);
const UPDATE = '/user/user/doctor/updateDoctorInfo';
const VERSIONS = '/user/protocol/getPublishProtocolVersionInfo';

interface Info {
  firstName: string;
  title: string | null;
  phone: string | null;
  timezone: string;
  language: string;
  country: string | null;
  auditStatus: string | null;
}

describe('basic info without a new review', () => {
  let p: Awaited<ReturnType<typeof approvedProvider>>;
  beforeAll(async () => {
    p = await approvedProvider(api, stack, 'basicinfo');
  });

  it('changes phone, language, time zone and country and keeps the approval', async () => {
    const answer = await api.call<Info>('POST', UPDATE, {
      token: p.token,
      form: { phone: '+44 20 7946 0000', language: 'fr', timezone: 'Europe/Paris', country: 'FR' },
    });
    expect(answer.code).toBe('OK');
    expect(answer.data).toMatchObject({
      phone: '+44 20 7946 0000',
      language: 'fr',
      timezone: 'Europe/Paris',
      country: 'FR',
      auditStatus: 'AUDIT_PASSED',
    });
    const audit = await api.call<{ auditStatus: string }>(
      'GET',
      '/consultation/invite/consultation/info/audit/getInfo',
      { token: p.token },
    );
    expect(audit.data.auditStatus).toBe('AUDIT_PASSED');
  });

  it('refuses a new name or title once reviewed, and accepts them unchanged', async () => {
    const before = (await api.call<Info>('GET', '/consultation/invite/doctor/getInfo', { token: p.token }))
      .data;
    const renamed = await api.call<{ fields: Array<{ field: string }> }>('POST', UPDATE, {
      token: p.token,
      form: { firstName: 'Someone', title: 'Chief of everything' },
    });
    expect(renamed.status).toBe(409);
    expect(renamed.code).toBe('INVALID_STATE');
    expect(renamed.data.fields.map((f) => f.field).sort()).toEqual(['firstName', 'title']);
    const after = (await api.call<Info>('GET', '/consultation/invite/doctor/getInfo', { token: p.token }))
      .data;
    expect(after.firstName).toBe(before.firstName);
    const same = await api.call('POST', UPDATE, {
      token: p.token,
      form: { firstName: before.firstName, title: before.title ?? '', phone: '' },
    });
    expect(same.code).toBe('OK');
  });
});

interface Versions {
  protocols: Array<{ id: number; kind: string; version: number; content?: string }>;
  accepted: null | Array<{
    protocolId: number;
    kind: string;
    version: number;
    agreedAt: string;
    platform: string;
    current: boolean;
  }>;
}

describe('agreement versions', () => {
  it('answers only the published versions without a token', async () => {
    const answer = await api.call<Versions>('GET', VERSIONS);
    expect(answer.code).toBe('OK');
    expect(answer.data.accepted).toBeNull();
    expect(answer.data.protocols.map((p) => p.kind).sort()).toEqual(['PRIVACY_POLICY', 'TERMS_OF_SERVICE']);
  });

  it('answers the versions a signed-in provider accepted, and none for one who has not agreed', async () => {
    const amelia = await api.signInAs('amelia');
    const answer = await api.call<Versions>('GET', VERSIONS, { token: amelia });
    const current = answer.data.protocols.map((p) => p.id).sort();
    expect(answer.data.accepted!.map((a) => a.protocolId).sort()).toEqual(current);
    for (const a of answer.data.accepted!) {
      expect(a).toMatchObject({ current: true, platform: 'web' });
      expect(Date.parse(a.agreedAt)).toBeLessThanOrEqual(Date.now());
    }
    const dana = await api.signInAs('dana');
    expect((await api.call<Versions>('GET', VERSIONS, { token: dana })).data.accepted).toEqual([]);
  });

  it('refuses a token that does not work', async () => {
    const answer = await api.call('GET', VERSIONS, { token: 'not-a-token' });
    expect(answer.status).toBe(401);
    expect(answer.code).toBe('TOKEN_ERR_NOT_FOUND');
  });
});
