/**
 * A quiet renewal of the chat (src/app/connections/chat/link-events.ts) that meets the end of the
 * portal session, Amelia signed in elsewhere (spec §8 TOKEN_ERR_KICKED), hands it to the portal's
 * policy for token errors at once (src/app/connections/connections.ts): the tab goes to the login
 * page with the server's message, rather than telling her that what she writes will be sent.
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createTraffic } from '../../../../src/app/api/traffic';
import { createToastStore } from '../../../../src/app/components/toast-store';
import { createConnections } from '../../../../src/app/connections/connections';
import { memoryOutboxStore } from '../../../../src/app/connections/chat/outbox-store';
import type { ChatAccountCalls } from '../../../../src/app/connections/chat/types';
import { ApiError, createApiClient } from '../../../../src/rest';

/** The chat's account calls as the connections hand them to the chat, over a server that answers `code`. */
async function chatCallsAnswering(code: string, status: number) {
  const met: ApiError[] = [];
  let calls: ChatAccountCalls | undefined;
  const connections = createConnections({
    api: createApiClient({
      baseUrl: 'http://portal.test',
      getToken: () => 'amelia-token',
      // The portal's policy (src/app/api/api-client.ts `handleError`): what it was handed.
      onError: (error) => met.push(error),
      fetch: async () =>
        new Response(JSON.stringify({ code, message: 'You signed in somewhere else' }), {
          status,
          headers: { 'Content-Type': 'application/json' },
        }),
    }),
    session: { state: { token: 'amelia-token' }, onToken: () => () => undefined } as never,
    queryClient: new QueryClient(),
    traffic: createTraffic(),
    toasts: createToastStore(() => undefined),
    chatPlugins: [],
    socketPlugins: [],
    outboxStore: memoryOutboxStore(),
    tabs: () => ({ id: 'test-tab', exclusive: (work) => work(() => false), release: () => undefined }),
    console: false,
    appSocketTransport: async () => () => () => undefined,
    chatTransport: async () => (options) => {
      calls = options.calls;
      return () => undefined;
    },
  });
  connections.chatOnPage(true);
  const stop = connections.start();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { calls: calls!, met, stop };
}

describe('the chat renewal and the end of the portal session', () => {
  it('hands a token error of the quiet renewal to the portal’s policy', async () => {
    const { calls, met, stop } = await chatCallsAnswering('TOKEN_ERR_KICKED', 401);
    await expect(calls.credentials({ quiet: true })).rejects.toBeInstanceOf(ApiError);
    expect(met.map((error) => error.code)).toEqual(['TOKEN_ERR_KICKED']);
    // The login's own call is not quiet: the API client applies the policy to it once, as to any call.
    await expect(calls.credentials()).rejects.toBeInstanceOf(ApiError);
    expect(met).toHaveLength(2);
    stop();
  });

  it('keeps other failures of the renewal quiet', async () => {
    const { calls, met, stop } = await chatCallsAnswering('UNAVAILABLE', 503);
    await expect(calls.credentials({ quiet: true })).rejects.toBeInstanceOf(ApiError);
    expect(met).toEqual([]);
    stop();
  });
});
