/**
 * `GET /api/call/iceServers` (issue 13, README "Calls behind NAT"): only for a signed-in provider;
 * on the shared stack nothing is configured, so the list is empty (loopback calls need none); a
 * stack started with `ICE_SERVERS`, `TURN_URLS` and `TURN_SECRET` answers the static servers and
 * TURN with coturn's time-limited REST credentials made for the provider's chat id.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { provider } from '../../fixtures';
import { callApi, createApiClient } from '../../src/rest';
import { apiClient } from '../support/api';
import { startStack, type TestStack } from '../support/stack';

const stack = inject('stack');
const TURN_SECRET = 'north-wind-4d1f';
let configured: TestStack;

beforeAll(async () => {
  // API-only (no Prosody): this endpoint does not need the chat server, and the machine is shared.
  configured = await startStack({
    env: {
      PROSODY_BIN: '',
      ICE_SERVERS: JSON.stringify([
        { urls: 'stun:stun.example.org:3478' },
        { urls: ['turn:static.example.org:3478'], username: 'portal', credential: 'fixed' },
      ]),
      TURN_URLS:
        'stun:turn.example.org:3478, turn:turn.example.org:3478?transport=udp,turns:turn.example.org:443?transport=tcp',
      TURN_SECRET,
      TURN_CREDENTIAL_TTL_SECONDS: '600',
    },
  });
});

afterAll(async () => {
  await configured?.stop({ remove: true });
});

describe('GET /api/call/iceServers', () => {
  it('refuses a request without a token in the envelope', async () => {
    const answer = await apiClient(stack.url).call('GET', '/call/iceServers');
    expect(answer.status).toBeLessThan(500);
    expect(answer.code).not.toBe('OK');
    expect(answer.data).toBeNull();
  });

  it('answers an empty list when nothing is configured, never to be cached', async () => {
    const api = apiClient(stack.url);
    const token = await api.signInAs('dana');
    const answer = await api.call('GET', '/call/iceServers', { token });
    expect(answer).toMatchObject({ status: 200, code: 'OK', data: { iceServers: [] } });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('answers the static servers and TURN with time-limited credentials coturn accepts', async () => {
    const token = await apiClient(configured.url).signInAs('dana');
    const client = callApi(createApiClient({ baseUrl: configured.url, getToken: () => token }));
    const before = Math.floor(Date.now() / 1000);
    const { iceServers } = await client.iceServers();
    const after = Math.floor(Date.now() / 1000);
    expect(iceServers.slice(0, 3)).toEqual([
      { urls: ['stun:stun.example.org:3478'] },
      { urls: ['turn:static.example.org:3478'], username: 'portal', credential: 'fixed' },
      { urls: ['stun:turn.example.org:3478'] },
    ]);
    expect(iceServers).toHaveLength(4);
    const relay = iceServers[3]!;
    expect(relay.urls).toEqual([
      'turn:turn.example.org:3478?transport=udp',
      'turns:turn.example.org:443?transport=tcp',
    ]);
    const [expiry, userId] = relay.username!.split(':');
    expect(userId).toBe(String(provider('dana').chatId));
    expect(Number(expiry)).toBeGreaterThanOrEqual(before + 600);
    expect(Number(expiry)).toBeLessThanOrEqual(after + 600);
    expect(relay.credential).toBe(createHmac('sha1', TURN_SECRET).update(relay.username!).digest('base64'));
  });
});
