/**
 * The server's own TLS (README "Configuration": `TLS_CERT`/`TLS_KEY`, or `TLS=self-signed`): the
 * vendor's SDK builds `https://` and `wss://` URLs only (docs/wire/hosted-chat.md §21.1), and a
 * server with no proxy in front needs TLS anyway. A configured pair is read and checked at start; a
 * self-signed one lives in `DATA_DIR/tls/` and is made again when missing, about to expire, or not
 * for the loopback names.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ServerConfig } from '../config';

/** A configured certificate or key that cannot be read or does not fit: start-up stops with it. */
export class TlsMaterialError extends Error {}
import { selfSignedCertificate } from './self-signed-certificate';

/** PEM certificate (chain) and private key, as `https.createServer` takes them. */
export interface TlsMaterial {
  cert: Buffer;
  key: Buffer;
}

const SELF_SIGNED_DAYS = 365;
/** A self-signed certificate with less left than this is replaced at start. */
const RENEW_BEFORE_MS = 30 * 86_400_000;
const LOOPBACK_DNS = ['localhost'];
const LOOPBACK_IPS = ['127.0.0.1', '::1'];

async function readPair(certFile: string, keyFile: string): Promise<{ cert: Buffer; key: Buffer }> {
  const read = async (file: string, what: string) => {
    try {
      return await readFile(file);
    } catch (error) {
      throw new TlsMaterialError(`Cannot read the TLS ${what} ${file}: ${(error as Error).message}`);
    }
  };
  return { cert: await read(certFile, 'certificate'), key: await read(keyFile, 'key') };
}

/** The certificate, parsed, when it goes with the key; otherwise a TlsMaterialError saying why not. */
function checkedCertificate(cert: Buffer, key: Buffer, certFile: string): X509Certificate {
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(cert);
  } catch (error) {
    throw new TlsMaterialError(`${certFile} is not a PEM certificate: ${(error as Error).message}`);
  }
  let privateKey;
  try {
    privateKey = createPrivateKey(key);
  } catch (error) {
    throw new TlsMaterialError(`The TLS key is not a PEM private key: ${(error as Error).message}`);
  }
  if (!x509.checkPrivateKey(privateKey))
    throw new TlsMaterialError(`The TLS key does not belong to the certificate ${certFile}`);
  return x509;
}

function selfSignedStillGood(x509: X509Certificate, now: number): boolean {
  return (
    new Date(x509.validTo).getTime() - now > RENEW_BEFORE_MS &&
    LOOPBACK_DNS.every((name) => x509.checkHost(name) !== undefined) &&
    LOOPBACK_IPS.every((ip) => x509.checkIP(ip) !== undefined)
  );
}

async function selfSigned(dataDir: string): Promise<TlsMaterial> {
  const dir = path.join(dataDir, 'tls');
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  try {
    const pair = await readPair(certFile, keyFile);
    if (selfSignedStillGood(checkedCertificate(pair.cert, pair.key, certFile), Date.now())) return pair;
  } catch {
    // Missing, unreadable or mismatched: a new one is made below.
  }
  const made = selfSignedCertificate({
    dnsNames: LOOPBACK_DNS,
    ipAddresses: LOOPBACK_IPS,
    validDays: SELF_SIGNED_DAYS,
  });
  await mkdir(dir, { recursive: true });
  await writeFile(keyFile, made.keyPem, { mode: 0o600 });
  await chmod(keyFile, 0o600);
  await writeFile(certFile, made.certPem);
  return { cert: Buffer.from(made.certPem), key: Buffer.from(made.keyPem) };
}

/** The certificate and key to serve, or null for plain HTTP. */
export async function loadTls(config: Pick<ServerConfig, 'tls' | 'dataDir'>): Promise<TlsMaterial | null> {
  const tls = config.tls;
  if (!tls) return null;
  if ('selfSigned' in tls) return selfSigned(config.dataDir);
  const pair = await readPair(tls.certFile, tls.keyFile);
  const x509 = checkedCertificate(pair.cert, pair.key, tls.certFile);
  if (new Date(x509.validTo).getTime() < Date.now())
    throw new TlsMaterialError(`The TLS certificate ${tls.certFile} expired on ${x509.validTo}`);
  return pair;
}
