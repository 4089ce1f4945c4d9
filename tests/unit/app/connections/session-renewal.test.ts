/**
 * The Messages chat's expired-session renewal (spec §8; docs/wire/hosted-chat.md §2.6), with the real
 * chat-service client over a small in-memory service: concurrent 401s share one renewal, a
 * request sent before a finished renewal reuses it, a failed renewal is quiet (no toast; the renewer
 * has no hold on the connection's link) and each caller gets its own original ChatServiceError.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ChatServiceError,
  createChatService,
  createSessionRenewer,
  type ChatSession,
} from '../../../../src/rest';
import { chatSessionRenewer } from '../../../../src/app/connections/chat/session-renewal';

const EXPIRED = JSON.stringify({ errors: ['Required session does not exist'] });

/** Answers like the chat service: sessions on POST /session.json, 401 for unknown tokens. */
function fakeService(options: { refuseSessions?: boolean } = {}) {
  const valid = new Set<string>();
  const creates: string[] = [];
  const sent: Array<{ path: string; token: string | null }> = [];
  let release: () => void = () => undefined;
  let gate = new Promise<void>((resolve) => (release = resolve));
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname.replace('/qb/', '');
    if (path === 'session.json' && request.method === 'POST') {
      creates.push(await request.text());
      // Held until the test lets it go, so the other requests meet the renewal while it runs.
      await gate;
      if (options.refuseSessions)
        return new Response(JSON.stringify({ errors: { base: ['Unexpected signature'] } }), { status: 422 });
      const token = `fresh-${creates.length}`;
      valid.add(token);
      return new Response(JSON.stringify({ session: { token, user_id: 100001 } }), { status: 201 });
    }
    const token = request.headers.get('QB-Token');
    sent.push({ path, token });
    if (!token || !valid.has(token)) return new Response(EXPIRED, { status: 401 });
    return new Response(JSON.stringify({ total: 0, path }), { status: 200 });
  }) as typeof globalThis.fetch;
  return {
    fetch,
    creates,
    sent,
    valid,
    release: () => {
      release();
      gate = Promise.resolve();
    },
  };
}

function portalChat(server: ReturnType<typeof fakeService>) {
  const renewer = chatSessionRenewer(
    () => service.client,
    () => ({ login: 'provider-amelia', password: 'chat-pass' }),
  );
  const service = createChatService({
    apiUrl: 'http://portal.test/qb',
    appId: 1001,
    authKey: 'k',
    authSecret: 's',
    fetch: server.fetch,
    onSessionExpired: renewer.onSessionExpired,
  });
  service.client.setToken('stale');
  return service;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the chat session renewal of the Messages screen', () => {
  it('renews once for concurrent expired requests and retries each with the new token', async () => {
    const server = fakeService();
    const chat = portalChat(server);
    const answers = Promise.all([
      chat.messages.unreadCount(['d1']),
      chat.dialogs.list(),
      chat.messages.list({ chat_dialog_id: 'd1' }),
    ]);
    await settle();
    server.release();
    expect((await answers).map((a) => (a as unknown as { path: string }).path)).toEqual([
      'chat/Message/unread.json',
      'chat/Dialog.json',
      'chat/Message.json',
    ]);
    expect(server.creates).toHaveLength(1);
    // A user session in one call (§3.1): the renewal's own request never meets the hook.
    expect(decodeURIComponent(server.creates[0]!)).toContain('user[login]=provider-amelia');
    expect(server.sent.filter((s) => s.token === 'stale')).toHaveLength(3);
    expect(server.sent.filter((s) => s.token === 'fresh-1')).toHaveLength(3);
    expect(chat.client.token).toBe('fresh-1');
  });

  it('gives a request sent before the last renewal finished that session instead of renewing again', async () => {
    let renewals = 0;
    const renewer = createSessionRenewer({
      renew: async () => ({ token: `fresh-${++renewals}` }) as ChatSession,
    });
    const expired = new ChatServiceError(401, { errors: ['Required session does not exist'] });
    expect((await renewer.onSessionExpired(expired, 'stale'))?.token).toBe('fresh-1');
    expect((await renewer.onSessionExpired(expired, 'stale'))?.token).toBe('fresh-1');
    expect(renewals).toBe(1);
    // The renewed session itself expired: a new renewal.
    expect((await renewer.onSessionExpired(expired, 'fresh-1'))?.token).toBe('fresh-2');
    expect(renewals).toBe(2);
  });

  it('fails quietly: each caller gets its original ChatServiceError (the renewer has no toasts to tell)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const server = fakeService({ refuseSessions: true });
    const chat = portalChat(server);
    const failures = Promise.all([
      chat.dialogs.list().catch((error: unknown) => error),
      chat.messages.unreadCount().catch((error: unknown) => error),
    ]);
    await settle();
    server.release();
    for (const error of await failures) {
      expect(error).toBeInstanceOf(ChatServiceError);
      expect(error).toMatchObject({
        code: 401,
        message: 'Unauthorized',
        detail: ['Required session does not exist'],
      });
      expect((error as ChatServiceError).isSessionMissing).toBe(true);
    }
    expect(server.creates).toHaveLength(1);
    expect(warn).toHaveBeenCalledTimes(1);

    // Not stuck on the failure: the next expired request tries again.
    await chat.dialogs.list().catch(() => undefined);
    expect(server.creates).toHaveLength(2);
  });
});
