/**
 * The call's TURN credentials (issue 27, docs/security.md "Calls"): they end when the portal
 * session would, so a call fetches them when it starts and again while it lasts, halfway to their
 * expiry, until the call ends or the server stops answering (the session ended).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallClient } from '../../../../src/webrtc/browser';

import {
  keepIceServersFresh as keepFresh,
  refreshIceServers as refresh,
} from '../../../../src/app/features/calls/call-ice';

const answers: Array<{ iceServers: RTCIceServer[]; expiresAt: string | null } | Error> = [];
const fetches = { count: 0 };

/** The server's `/call/iceServers` as scripted by each test. */
function iceServers() {
  fetches.count += 1;
  const next = answers.shift();
  if (next === undefined) throw new Error('no answer scripted');
  return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
}
const refreshIceServers = (client: CallClient) => refresh(client, iceServers);
const keepIceServersFresh = (client: CallClient, expiresAt: number | null) =>
  keepFresh(client, expiresAt, iceServers);

const turn = (credential: string) => [{ urls: ['turn:t.example:3478'], username: 'u', credential }];

function recordingClient(): { client: CallClient; set: RTCIceServer[][] } {
  const set: RTCIceServer[][] = [];
  const client = { setIceServers: (servers: RTCIceServer[]) => set.push(servers) } as unknown as CallClient;
  return { client, set };
}

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 12, 0, 0) });
  answers.length = 0;
  fetches.count = 0;
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

describe('the TURN credentials of a call', () => {
  it('are fetched into the call client, with their expiry', async () => {
    const { client, set } = recordingClient();
    const expiresAt = inMinutes(16);
    answers.push({ iceServers: turn('a'), expiresAt });
    await expect(refreshIceServers(client)).resolves.toBe(Date.parse(expiresAt));
    expect(set).toEqual([turn('a')]);
  });

  it('without TURN have no expiry, and a failed fetch keeps what the client has', async () => {
    const { client, set } = recordingClient();
    answers.push({ iceServers: [], expiresAt: null }, new Error('TOKEN_ERR_LOGOUT'));
    await expect(refreshIceServers(client)).resolves.toBeNull();
    await expect(refreshIceServers(client)).resolves.toBeNull();
    expect(set).toEqual([[]]);
  });

  it('are fetched again halfway to their expiry while the call lasts, and no more once it ended', async () => {
    const { client, set } = recordingClient();
    answers.push({ iceServers: turn('b'), expiresAt: inMinutes(24) });
    const stop = keepIceServersFresh(client, Date.now() + 16 * 60_000);
    await vi.advanceTimersByTimeAsync(8 * 60_000 - 1);
    expect(set).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(set).toEqual([turn('b')]);
    // The provider was active: the new ones end at minute 24, so the next fetch is at minute 16.
    answers.push({ iceServers: turn('c'), expiresAt: inMinutes(20) });
    await vi.advanceTimersByTimeAsync(8 * 60_000 - 1);
    expect(set).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(set).toEqual([turn('b'), turn('c')]);
    stop();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(fetches.count).toBe(2);
  });

  it('are not fetched more often than every 30 s, and stop when the session has ended', async () => {
    const { client, set } = recordingClient();
    answers.push(new Error('TOKEN_ERR_LOGOUT'));
    keepIceServersFresh(client, Date.now() + 10_000);
    await vi.advanceTimersByTimeAsync(30_000 - 1);
    expect(fetches.count).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetches.count).toBe(1);
    // The refused fetch ends the refreshing: nothing is asked for again.
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(fetches.count).toBe(1);
    expect(set).toHaveLength(0);
  });
});
