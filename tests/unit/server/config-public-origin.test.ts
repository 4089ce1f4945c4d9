/** `PUBLIC_ORIGIN` (src/server/config.ts): where links in mail point; an origin, checked at start. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config';
import { OriginPolicy } from '../../../src/server/http/origins';

describe('PUBLIC_ORIGIN', () => {
  it("defaults to the server's own http://HOST:PORT", () => {
    expect(loadConfig({}).publicOrigin).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ HOST: '::1', PORT: '9000' }).publicOrigin).toBe('http://[::1]:9000');
  });

  it('takes an http(s) origin, normalised', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://Portal.Example.com/' }).publicOrigin).toBe(
      'https://portal.example.com',
    );
    expect(loadConfig({ PUBLIC_ORIGIN: 'http://portal.example.com:8443' }).publicOrigin).toBe(
      'http://portal.example.com:8443',
    );
  });

  it('refuses anything that is not a bare http(s) origin', () => {
    for (const bad of [
      'portal.example.com',
      'ftp://portal.example.com',
      'https://portal.example.com/app',
      'https://portal.example.com/?x=1',
      'https://user:pw@portal.example.com',
      'javascript:alert(1)',
    ]) {
      expect(() => loadConfig({ PUBLIC_ORIGIN: bad }), bad).toThrow(ConfigError);
    }
  });
});

describe('PUBLIC_ORIGIN and the Host check', () => {
  it("lets requests for the public origin's host in", () => {
    const config = loadConfig({ PUBLIC_ORIGIN: 'https://portal.example.com' });
    const policy = OriginPolicy.forServer(config, config.port);
    expect(policy.allowsHost('portal.example.com')).toBe(true);
    expect(policy.allowsOrigin('https://portal.example.com')).toBe(true);
    expect(policy.allowsHost('evil.example')).toBe(false);
  });
});
