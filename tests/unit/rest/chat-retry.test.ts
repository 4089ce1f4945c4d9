/**
 * docs/wire/hosted-chat.md §2.6 and spec §8: an expired session (401 "session does not exist") calls the
 * hook, which gets a new session; the request is sent again once with the new token. The service
 * is played by a small in-memory `fetch` that checks tokens like the real one.
 */
import { describe, expect, it } from 'vitest';
import { ChatServiceError, createChatService, type ChatSession } from '../../../src/rest';

function fakeService(validTokens: Set<string>) {
  const seen: Array<{ url: string; token: string | null; method: string; body: string }> = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const token = request.headers.get('QB-Token');
    seen.push({ url: request.url, token, method: request.method, body: await request.text() });
    if (!token || !validTokens.has(token)) {
      return new Response(JSON.stringify({ errors: ['Required session does not exist'] }), { status: 401 });
    }
    return new Response(JSON.stringify({ total: 3 }), {
      status: 200,
      headers: { 'QB-Token-ExpirationDate': '2030-01-01 10:00:00 UTC' },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, seen };
}

const session = (token: string): ChatSession => ({
  _id: 'x',
  application_id: 1,
  created_at: '',
  id: 1,
  nonce: 1,
  token,
  ts: 1,
  updated_at: '',
  user_id: 5,
});

const base = { apiUrl: 'http://chat.test/qb', appId: 1, authKey: 'k', authSecret: 's' };

describe('expired-session retry (§2.6)', () => {
  it('gets a new session through the hook and retries the same request once', async () => {
    const { fetch, seen } = fakeService(new Set(['fresh']));
    let asked = 0;
    const chat = createChatService({
      ...base,
      fetch,
      onSessionExpired: async (error) => {
        asked += 1;
        expect(error.isSessionMissing).toBe(true);
        return session('fresh');
      },
    });
    chat.client.setToken('stale');
    const answer = await chat.messages.unreadCount(['d1', 'd2']);
    expect(answer.total).toBe(3);
    expect(asked).toBe(1);
    expect(seen.map((s) => s.token)).toEqual(['stale', 'fresh']);
    expect(seen[0]!.url).toBe(seen[1]!.url);
    expect(seen[1]!.url).toBe('http://chat.test/qb/chat/Message/unread.json?chat_dialog_ids=d1%2Cd2');
    expect(chat.client.token).toBe('fresh');
    expect(chat.client.expiry.expiresAt).toBe(Date.UTC(2030, 0, 1, 9, 59, 0));
  });

  it('retries only once: a second 401 reaches the caller', async () => {
    const { fetch, seen } = fakeService(new Set());
    let asked = 0;
    const chat = createChatService({
      ...base,
      fetch,
      onSessionExpired: async () => {
        asked += 1;
        return session('also-unknown');
      },
    });
    chat.client.setToken('stale');
    await expect(chat.dialogs.list()).rejects.toMatchObject({ code: 401, message: 'Unauthorized' });
    expect(asked).toBe(1);
    expect(seen).toHaveLength(2);
  });

  it('passes the error through when the hook gives no session, or when there is no hook', async () => {
    const { fetch } = fakeService(new Set());
    const passing = createChatService({ ...base, fetch, onSessionExpired: async () => null });
    passing.client.setToken('stale');
    await expect(passing.dialogs.list()).rejects.toBeInstanceOf(ChatServiceError);
    const bare = createChatService({ ...base, fetch });
    bare.client.setToken('stale');
    await expect(bare.dialogs.list()).rejects.toMatchObject({
      code: 401,
      detail: ['Required session does not exist'],
    });
  });

  it('passes the original error through when the hook itself fails, and tells it the token sent', async () => {
    const { fetch } = fakeService(new Set());
    const tokens: Array<string | null> = [];
    const chat = createChatService({
      ...base,
      fetch,
      onSessionExpired: async (_error, sentToken) => {
        tokens.push(sentToken);
        throw new Error('renewal refused');
      },
    });
    chat.client.setToken('stale');
    const error = await chat.dialogs.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatServiceError);
    expect(error).toMatchObject({ code: 401, detail: ['Required session does not exist'] });
    expect(tokens).toEqual(['stale']);
  });

  it('does not call the hook for other 401s', async () => {
    let asked = 0;
    const fetch = (async () =>
      new Response(JSON.stringify({ errors: ['Unauthorized'] }), { status: 401 })) as typeof globalThis.fetch;
    const chat = createChatService({ ...base, fetch, onSessionExpired: async () => (asked++, session('x')) });
    await expect(chat.users.get(5)).rejects.toMatchObject({ code: 401 });
    expect(asked).toBe(0);
  });

  it('refuses to create a session without app credentials', async () => {
    const chat = createChatService({ ...base, authSecret: '' });
    await expect(chat.client.createSession()).rejects.toThrow(
      'Cannot create a new session without app credentials (app ID, auth key and auth secret)',
    );
  });
});
