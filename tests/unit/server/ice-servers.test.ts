/** ICE servers of a call (src/server/calls/ice-servers.ts) and their configuration (README). */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { iceServersFor, turnRestCredentials } from '../../../src/server/calls/ice-servers';
import { ConfigError, loadConfig } from '../../../src/server/config';

describe("coturn's time-limited REST credentials", () => {
  it('names the expiry and the user, signed with HMAC-SHA1 of the shared secret', () => {
    const at = Date.UTC(2026, 10, 23, 12, 0, 0);
    const { username, credential } = turnRestCredentials('s3cret', 42, at / 1000 + 3600);
    expect(username).toBe(`${at / 1000 + 3600}:42`);
    expect(credential).toBe(createHmac('sha1', 's3cret').update(username).digest('base64'));
  });
});

describe('the ICE servers of a call', () => {
  it('are none when nothing is configured', () => {
    expect(iceServersFor(loadConfig({}), 7, 0)).toEqual({ iceServers: [], expiresAt: null });
  });

  it('list static servers with urls as a list, then STUN, then TURN with credentials', () => {
    const config = loadConfig({
      ICE_SERVERS: '[{"urls":"stun:a.example:3478"}]',
      TURN_URLS: 'turn:t.example:3478,stun:t.example:3478',
      TURN_SECRET: 'x',
      TURN_CREDENTIAL_TTL_SECONDS: '120',
    });
    const { iceServers: servers, expiresAt } = iceServersFor(config, 7, 1_000_000);
    expect(servers.slice(0, 2)).toEqual([
      { urls: ['stun:a.example:3478'] },
      { urls: ['stun:t.example:3478'] },
    ]);
    expect(servers[2]).toMatchObject({ urls: ['turn:t.example:3478'], username: '1120:7' });
    expect(expiresAt).toBe(new Date(1_120_000).toISOString());
  });

  it('end the TURN credentials with the session when it would end sooner (issue 27)', () => {
    const config = loadConfig({ TURN_URLS: 'turn:t.example:3478', TURN_SECRET: 'x' });
    const now = 1_000_000_000;
    const sessionEnd = now + 960_000;
    const { iceServers, expiresAt } = iceServersFor(config, 7, now, sessionEnd);
    expect(iceServers[0]!.username).toBe(`${sessionEnd / 1000}:7`);
    expect(expiresAt).toBe(new Date(sessionEnd).toISOString());
  });

  it('refuse a half or wrong TURN configuration with one line saying what to fix', () => {
    expect(() => loadConfig({ TURN_URLS: 'turn:t.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ TURN_SECRET: 'x' })).toThrow(/TURN_URLS/);
    expect(() => loadConfig({ TURN_URLS: 'http://t.example', TURN_SECRET: 'x' })).toThrow(/stun:, turn:/);
    expect(() =>
      loadConfig({ TURN_URLS: 'turn:t', TURN_SECRET: 'x', TURN_CREDENTIAL_TTL_SECONDS: '5' }),
    ).toThrow(/TURN_CREDENTIAL_TTL_SECONDS/);
  });
});
