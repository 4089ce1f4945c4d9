/**
 * Spec §6: messaging calls carry platform PROVIDER_ADVISOR. The server takes it on every own-API
 * call under /message/, takes a missing one as this portal's, and refuses any other value.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient } from '../support/api';

const stack = inject('stack');
const api = apiClient(stack);

const MESSAGING_GETS = [
  '/message/qb/user/getInfo',
  '/message/qb/user/get',
  '/message/qb/doctor/getDialogs',
  '/message/qb/doctor/unreadDialogs',
  '/message/reddot/refresh',
  '/message/reddot/markReadAll',
  '/message/reddot/tree',
  '/message/message/v2/listMessages',
  '/message/message/v2/messageCategory',
];

describe('the messaging platform', () => {
  let token: string;
  beforeAll(async () => {
    token = (await api.signUpFresh('platform')).token;
  });

  it('is accepted as PROVIDER_ADVISOR and when missing', async () => {
    for (const path of MESSAGING_GETS) {
      const given = await api.call('GET', `${path}?platform=PROVIDER_ADVISOR`, { token });
      expect(given.code, path).toBe('OK');
      const missing = await api.call('GET', path, { token });
      expect(missing.code, path).toBe('OK');
    }
  });

  it('refuses any other platform on every messaging call', async () => {
    for (const path of [...MESSAGING_GETS, '/message/reddot/markRead?id=1']) {
      const other = await api.call<{ fields: Array<{ field: string; message: string }> }>(
        'GET',
        `${path}${path.includes('?') ? '&' : '?'}platform=MEMBER_APP`,
        { token },
      );
      expect(other.status, path).toBe(400);
      expect(other.code, path).toBe('VALIDATION_ERROR');
      expect(other.data.fields, path).toContainEqual({
        field: 'platform',
        message: 'Messaging calls carry platform PROVIDER_ADVISOR (spec §6)',
        rule: 'one_of',
      });
    }
  });
});
