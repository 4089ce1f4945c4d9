/** Agreement protocols: popup due, texts, records, and another provider's user id refused. */
import { describe, expect, inject, it } from 'vitest';
import { catalogueTranslations } from '../../fixtures';
import { apiClient } from '../support/api';

const stack = inject('stack');
const api = apiClient(stack);

describe('agreement protocols', () => {
  it('lists the published versions without signing in', async () => {
    const answer = await api.call<{ protocols: Array<{ kind: string; version: number; content?: string }> }>(
      'GET',
      '/user/protocol/getPublishProtocolVersionInfo',
    );
    expect(answer.data.protocols.map((p) => p.kind).sort()).toEqual(['PRIVACY_POLICY', 'TERMS_OF_SERVICE']);
    expect(answer.data.protocols.every((p) => p.content === undefined)).toBe(true);
  });

  it('answers the agreement documents in the portal’s language, agreed to by version (issue 26)', async () => {
    const fresh = await api.signUpFresh('agree-de');
    const byKey = catalogueTranslations.protocols as Record<string, Record<string, Record<string, string>>>;
    const texts = await api.call<{
      protocols: Array<{ kind: string; version: number; title: string; content: string }>;
    }>('GET', '/user/protocol/getProtocolPopupInfo/new', {
      token: fresh.token,
      headers: { 'Accept-Language': 'de-DE,de;q=0.9' },
    });
    expect(texts.data.protocols).toHaveLength(2);
    for (const p of texts.data.protocols) {
      const de = byKey[`${p.kind}:${p.version}`]!.de!;
      expect([p.title, p.content]).toEqual([de.title, de.content]);
    }
    const listed = await api.call<{ protocols: Array<{ kind: string; version: number; title: string }> }>(
      'GET',
      '/user/protocol/getPublishProtocolVersionInfo',
      { headers: { 'Accept-Language': 'it' } },
    );
    expect(listed.data.protocols.map((p) => p.title)).toEqual(
      listed.data.protocols.map((p) => byKey[`${p.kind}:${p.version}`]!.it!.title),
    );
  });

  it('asks a new provider to agree, records the agreement once, then stops asking', async () => {
    const fresh = await api.signUpFresh('agree');
    const due = await api.call<{ popup: boolean; protocolIds: number[] }>(
      'GET',
      `/user/protocol/isDoctorPopupUserProtocolMsg/${fresh.userId}`,
      { token: fresh.token },
    );
    expect(due.data.popup).toBe(true);
    const texts = await api.call<{ protocols: Array<{ id: number; content: string }> }>(
      'GET',
      '/user/protocol/getProtocolPopupInfo/new',
      { token: fresh.token },
    );
    expect(texts.data.protocols.map((p) => p.id).sort()).toEqual([...due.data.protocolIds].sort());
    expect(texts.data.protocols.every((p) => p.content.length > 20)).toBe(true);
    const recorded = await api.call<{ recorded: number }>('POST', '/user/protocol/records/add?platform=web', {
      token: fresh.token,
      form: { protocolIds: due.data.protocolIds.join(',') },
    });
    expect(recorded.data.recorded).toBe(2);
    const repeat = await api.call<{ recorded: number }>('POST', '/user/protocol/records/add?platform=web', {
      token: fresh.token,
      form: { protocolIds: due.data.protocolIds.join(',') },
    });
    expect(repeat.data.recorded).toBe(0);
    const after = await api.call<{ popup: boolean }>(
      'GET',
      `/user/protocol/isDoctorPopupUserProtocolMsg/${fresh.userId}`,
      { token: fresh.token },
    );
    expect(after.data.popup).toBe(false);
  });

  it('does not ask personas who already agreed', async () => {
    const token = await api.signInAs('amelia');
    const info = await api.call<{ userId: number }>('GET', '/consultation/invite/doctor/getInfo', { token });
    const due = await api.call<{ popup: boolean }>(
      'GET',
      `/user/protocol/isDoctorPopupUserProtocolMsg/${info.data.userId}`,
      { token },
    );
    expect(due.data.popup).toBe(false);
  });

  it("refuses to answer about another provider's agreements", async () => {
    const a = await api.signUpFresh('agreeA');
    const b = await api.signUpFresh('agreeB');
    const answer = await api.call('GET', `/user/protocol/isDoctorPopupUserProtocolMsg/${b.userId}`, {
      token: a.token,
    });
    expect([answer.status, answer.code]).toEqual([403, 'FORBIDDEN']);
  });

  it('refuses unknown protocol ids, a missing platform and a missing token', async () => {
    const fresh = await api.signUpFresh('agreeBad');
    expect(
      (
        await api.call('POST', '/user/protocol/records/add?platform=web', {
          token: fresh.token,
          form: { protocolIds: '9999' },
        })
      ).code,
    ).toBe('VALIDATION_ERROR');
    expect(
      (
        await api.call('POST', '/user/protocol/records/add', {
          token: fresh.token,
          form: { protocolIds: '1' },
        })
      ).code,
    ).toBe('VALIDATION_ERROR');
    expect(
      (
        await api.call('POST', '/user/protocol/records/add?platform=web', {
          token: fresh.token,
          form: { protocolIds: 'abc' },
        })
      ).code,
    ).toBe('VALIDATION_ERROR');
    expect((await api.call('GET', '/user/protocol/getProtocolPopupInfo/new')).code).toBe('TOKEN_ERR_EMPTY');
  });
});
