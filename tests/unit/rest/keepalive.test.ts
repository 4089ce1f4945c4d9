/**
 * The approval popup's record (spec §3 auditedPopupPage) is sent with fetch `keepalive`, so a full
 * navigation right after "Got it" does not abort it; other calls are not.
 */
import { expect, it } from 'vitest';
import { createApiClient, profileApi } from '../../../src/rest';

it('marks the approval popup as seen with a request that outlives the page, and nothing else', async () => {
  const seen: Array<{ path: string; keepalive: boolean }> = [];
  const api = createApiClient({
    baseUrl: 'http://portal.test',
    getToken: () => 'token',
    fetch: async (input) => {
      const request = input as Request;
      seen.push({ path: new URL(request.url).pathname, keepalive: request.keepalive });
      return new Response(JSON.stringify({ code: 'OK', message: 'ok', data: {} }), {
        headers: { 'Content-Type': 'application/json' },
      });
    },
  });
  const profile = profileApi(api, async () => ({}) as never);
  // The answers do not matter here (the contract refuses the empty data); the requests do.
  await profile.markPopupShown().catch(() => undefined);
  await profile.auditInfo().catch(() => undefined);
  expect(seen).toEqual([
    { path: '/api/consultation/invite/consultation/info/audit/popupShown', keepalive: true },
    { path: '/api/consultation/invite/consultation/info/audit/getInfo', keepalive: false },
  ]);
});
