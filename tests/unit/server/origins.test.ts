/** The origins and hosts the server answers for (docs/security.md "HTTP headers and origins"). */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config';
import { configuredOrigins, OriginPolicy } from '../../../src/server/http/origins';

describe('configuredOrigins', () => {
  it('is the listening port under the loopback names, the listen address and ALLOWED_ORIGINS', () => {
    expect(
      configuredOrigins({ host: '127.0.0.1', allowedOrigins: ['https://portal.example'] }, 8080),
    ).toEqual([
      'http://127.0.0.1:8080',
      'http://localhost:8080',
      'http://[::1]:8080',
      'https://portal.example',
    ]);
    expect(configuredOrigins({ host: '10.0.0.5', allowedOrigins: [] }, 80)).toContain('http://10.0.0.5:80');
    expect(configuredOrigins({ host: '0.0.0.0', allowedOrigins: [] }, 80)).toHaveLength(3);
  });
});

describe('OriginPolicy', () => {
  const policy = OriginPolicy.forServer(
    { host: '127.0.0.1', allowedOrigins: ['https://Portal.Example/'] },
    8080,
  );

  it('compares the whole origin: scheme, host and port', () => {
    expect(policy.allowsOrigin('http://127.0.0.1:8080')).toBe(true);
    expect(policy.allowsOrigin('https://portal.example')).toBe(true);
    expect(policy.allowsOrigin('https://127.0.0.1:8080')).toBe(false);
    expect(policy.allowsOrigin('http://127.0.0.1:8081')).toBe(false);
    expect(policy.allowsOrigin('http://portal.example')).toBe(false);
    expect(policy.allowsOrigin('https://portal.example:8443')).toBe(false);
    expect(policy.allowsOrigin('null')).toBe(false);
    expect(policy.allowsOrigin(undefined)).toBe(true);
  });

  it('takes only the hosts of those origins in Host, with or without the default port', () => {
    for (const host of [
      '127.0.0.1:8080',
      'localhost:8080',
      '[::1]:8080',
      'portal.example',
      'portal.example:443',
    ]) {
      expect(policy.allowsHost(host), host).toBe(true);
    }
    for (const host of [
      '127.0.0.1',
      'evil.example',
      'portal.example:80',
      'portal.example.evil.example',
      '',
    ]) {
      expect(policy.allowsHost(host), host).toBe(false);
    }
    expect(policy.allowsHost(undefined)).toBe(false);
  });

  it('refuses a configured entry that is not a bare origin', () => {
    for (const bad of [
      'portal.example',
      'https://portal.example/app',
      'ftp://portal.example',
      'https://u:p@portal.example',
    ]) {
      expect(() => new OriginPolicy([bad]), bad).toThrow(RangeError);
      expect(() => loadConfig({ ALLOWED_ORIGINS: bad }), bad).toThrow(ConfigError);
    }
  });
});
