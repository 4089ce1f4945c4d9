/** Spec §6: every messaging call the portal makes carries platform=PROVIDER_ADVISOR. */
import { describe, expect, it } from 'vitest';
import { chatApi, chatIdentityApi, createApiClient, notificationsApi } from '../../../src/rest';

function recordingClient() {
  const urls: URL[] = [];
  const api = createApiClient({
    baseUrl: 'http://portal.test',
    getToken: () => 'token',
    fetch: async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      urls.push(url);
      // Every answer is an empty success; the calls' answers do not matter here.
      return new Response(JSON.stringify({ code: 'OK', message: 'ok', data: null }), {
        headers: { 'Content-Type': 'application/json' },
      });
    },
  });
  return { api, urls };
}

describe('messaging calls', () => {
  it('carry platform=PROVIDER_ADVISOR on every /message/ call, with their own query kept', async () => {
    const { api, urls } = recordingClient();
    const chat = chatApi(api);
    const notifications = notificationsApi(api);
    const calls: Array<() => Promise<unknown>> = [
      () => chat.dialogs({ limit: 20 }),
      () => chat.account(),
      () => chat.unreadDialogs(),
      () => chatIdentityApi(api).credentials(),
      () => notifications.markRead(7),
      () => notifications.refresh(),
      () => notifications.markReadAll({ category: 'REVIEW' }),
      () => notifications.tree(),
      () => notifications.list({ pageNum: 2, pageSize: 5 }),
      () => notifications.categories(),
    ];
    for (const call of calls) await call().catch(() => undefined);
    const messaging = urls.filter((u) => u.pathname.startsWith('/api/message/'));
    expect(messaging).toHaveLength(calls.length);
    for (const url of messaging)
      expect(url.searchParams.get('platform'), url.pathname).toBe('PROVIDER_ADVISOR');
    expect(messaging[0]!.searchParams.get('limit')).toBe('20');
    expect(messaging[4]!.searchParams.get('id')).toBe('7');
    expect(messaging[8]!.searchParams.get('pageNum')).toBe('2');
  });

  it('leave the other calls alone', async () => {
    const { api, urls } = recordingClient();
    await chatApi(api)
      .clientByChatId(200001)
      .catch(() => undefined);
    expect(urls[0]!.pathname).toBe('/api/consultation/invite/doctor/doctorInfo/ByUserQbId');
    expect(urls[0]!.searchParams.has('platform')).toBe(false);
  });
});
