/**
 * The server's TLS mode (issue 23; README "Configuration"): `TLS_CERT`/`TLS_KEY` or
 * `TLS=self-signed` in the configuration, the self-signed certificate for the loopback names made
 * in `DATA_DIR/tls` and kept, a configured pair checked at start, and `https://` origins.
 */
import { createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config';
import { configuredOrigins } from '../../../src/server/http/origins';
import { integer, selfSignedCertificate } from '../../../src/server/http/self-signed-certificate';
import { loadTls, TlsMaterialError } from '../../../src/server/http/tls';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portal-tls-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the TLS settings', () => {
  it('are off unless asked for, and make the default public origin https', () => {
    expect(loadConfig({}).tls).toBeNull();
    const selfSigned = loadConfig({ TLS: 'self-signed', PORT: '8443' });
    expect(selfSigned.tls).toEqual({ selfSigned: true });
    expect(selfSigned.publicOrigin).toBe('https://127.0.0.1:8443');
    expect(selfSigned.publicOriginSet).toBe(false);
    expect(loadConfig({ TLS_CERT: 'c.pem', TLS_KEY: 'k.pem' }, '/srv/portal').tls).toEqual({
      certFile: '/srv/portal/c.pem',
      keyFile: '/srv/portal/k.pem',
    });
  });

  it('refuse half a pair, both ways at once, and an unknown mode', () => {
    expect(() => loadConfig({ TLS_CERT: 'c.pem' })).toThrow(/TLS_KEY/);
    expect(() => loadConfig({ TLS_KEY: 'k.pem' })).toThrow(/TLS_CERT/);
    expect(() => loadConfig({ TLS: 'self-signed', TLS_CERT: 'c.pem', TLS_KEY: 'k.pem' })).toThrow(
      /choose one/,
    );
    expect(() => loadConfig({ TLS: 'on' })).toThrow(ConfigError);
  });

  it('give https origins on the listening port', () => {
    expect(
      configuredOrigins({ host: '127.0.0.1', allowedOrigins: [], tls: { selfSigned: true } }, 8443),
    ).toEqual(['https://127.0.0.1:8443', 'https://localhost:8443', 'https://[::1]:8443']);
  });
});

describe('the self-signed certificate', () => {
  it('writes integers in the minimal DER form whatever their leading bytes (serials are random)', () => {
    const hex = (bytes: number[]) => integer(Buffer.from(bytes)).toString('hex');
    expect(hex([0x00, 0x10, 0x20])).toBe('02021020');
    expect(hex([0x00, 0x00, 0x90])).toBe('02020090');
    expect(hex([0x90, 0x01])).toBe('0203009001');
    expect(hex([0x7f, 0x00])).toBe('02027f00');
    expect(hex([0x00])).toBe('020100');
    expect(hex([2])).toBe('020102');
  });

  it('is a v3 certificate for the loopback names, signed by its own key, for a server', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const made = selfSignedCertificate({
      dnsNames: ['localhost'],
      ipAddresses: ['127.0.0.1', '::1'],
      validDays: 365,
      now,
    });
    const x509 = new X509Certificate(made.certPem);
    expect(x509.subject).toBe('CN=localhost');
    expect(x509.issuer).toBe(x509.subject);
    expect(x509.checkHost('localhost')).toBe('localhost');
    expect(x509.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(x509.checkIP('::1')).toBe('::1');
    expect(x509.checkHost('portal.example')).toBeUndefined();
    expect(x509.checkPrivateKey(createPrivateKey(made.keyPem))).toBe(true);
    expect(x509.verify(createPublicKey(made.keyPem))).toBe(true);
    expect(x509.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1']);
    expect(x509.ca).toBe(false);
    expect(new Date(x509.validFrom).getTime()).toBeLessThan(now.getTime());
    expect(new Date(x509.validTo).getTime()).toBe(now.getTime() + 365 * 86_400_000);
  });

  it('is made once in DATA_DIR/tls with a private key file, then kept', async () => {
    const first = await loadTls({ tls: { selfSigned: true }, dataDir: dir });
    const keyFile = path.join(dir, 'tls', 'key.pem');
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    expect(await readFile(path.join(dir, 'tls', 'cert.pem'))).toEqual(first!.cert);
    const again = await loadTls({ tls: { selfSigned: true }, dataDir: dir });
    expect(again!.cert).toEqual(first!.cert);
  });

  it('is made again when its key no longer goes with it, or it is near its end', async () => {
    const first = await loadTls({ tls: { selfSigned: true }, dataDir: dir });
    const other = selfSignedCertificate({ dnsNames: ['localhost'], ipAddresses: [], validDays: 1 });
    await writeFile(path.join(dir, 'tls', 'key.pem'), other.keyPem);
    const remade = await loadTls({ tls: { selfSigned: true }, dataDir: dir });
    expect(remade!.cert).not.toEqual(first!.cert);
    await writeFile(path.join(dir, 'tls', 'cert.pem'), other.certPem);
    await writeFile(path.join(dir, 'tls', 'key.pem'), other.keyPem);
    const renewed = await loadTls({ tls: { selfSigned: true }, dataDir: dir });
    expect(renewed!.cert.toString()).not.toBe(other.certPem);
    expect(new X509Certificate(renewed!.cert).checkIP('127.0.0.1')).toBe('127.0.0.1');
  });
});

describe('a configured certificate and key', () => {
  const pair = async (validDays: number, now?: Date) => {
    const made = selfSignedCertificate({
      dnsNames: ['portal.example'],
      ipAddresses: [],
      validDays,
      ...(now ? { now } : {}),
    });
    const certFile = path.join(dir, `cert-${validDays}.pem`);
    const keyFile = path.join(dir, `key-${validDays}.pem`);
    await writeFile(certFile, made.certPem);
    await writeFile(keyFile, made.keyPem);
    return { certFile, keyFile, made };
  };

  it('are served as they are', async () => {
    const { certFile, keyFile, made } = await pair(90);
    const tls = await loadTls({ tls: { certFile, keyFile }, dataDir: dir });
    expect(tls).toEqual({ cert: Buffer.from(made.certPem), key: Buffer.from(made.keyPem) });
  });

  it('stop the start with a clear error when missing, mismatched, not PEM or expired', async () => {
    const good = await pair(90);
    const other = await pair(30);
    const load = (certFile: string, keyFile: string) => loadTls({ tls: { certFile, keyFile }, dataDir: dir });
    await expect(load(path.join(dir, 'none.pem'), good.keyFile)).rejects.toThrow(
      /Cannot read the TLS certificate/,
    );
    await expect(load(good.certFile, other.keyFile)).rejects.toThrow(/does not belong/);
    await expect(load(good.keyFile, good.keyFile)).rejects.toThrow(/not a PEM certificate/);
    const old = await pair(1, new Date(Date.now() - 3 * 86_400_000));
    await expect(load(old.certFile, old.keyFile)).rejects.toThrow(/expired/);
    for (const attempt of [() => load(good.certFile, other.keyFile), () => load(old.certFile, old.keyFile)])
      await expect(attempt()).rejects.toBeInstanceOf(TlsMaterialError);
  });
});
