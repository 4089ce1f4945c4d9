/**
 * Server configuration from the environment (README "Configuration"). Parsed once at start; a bad
 * value ends the start with one line saying what to fix.
 */
import path from 'node:path';
import { APP_SOCKET_HEARTBEAT_MS } from '../shared/constants';
import { bareOrigin } from './http/origins';

export interface ServerConfig {
  /** Listening port of the one origin (portal, `/api`, `/qb`, `/socket`, XMPP proxy). */
  port: number;
  host: string;
  /** Data directory: PGlite files, blobs, outbox, generated Prosody config, secrets. */
  dataDir: string;
  /** PostgreSQL URL; unset means the embedded PGlite in `dataDir/db`. */
  databaseUrl: string | null;
  /** Built portal (Vite output) served with a history fallback; null serves no portal. */
  portalDir: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  /** Public origin(s) allowed to open the XMPP WebSocket; the server's own origin always is. */
  allowedOrigins: string[];
  /**
   * Where people reach this server (`PUBLIC_ORIGIN`): links in mail are built from it, never from
   * a request's `Host` header (docs/security.md).
   */
  publicOrigin: string;
  /** Whether `PUBLIC_ORIGIN` was set: then answers that hand out URLs (uploads, endpoints) use it. */
  publicOriginSet: boolean;
  /**
   * TLS on the one port (README "Configuration"): certificate and key files (`TLS_CERT`,
   * `TLS_KEY`), or a certificate for the loopback names made on first start (`TLS=self-signed`);
   * null serves plain HTTP (production then terminates TLS in front, docs/security.md).
   */
  tls: { certFile: string; keyFile: string } | { selfSigned: true } | null;
  session: {
    idleSeconds: number;
    maxSeconds: number;
    /** The portal signs out after this long without the provider's activity (docs/security.md "Automatic logoff"). */
    autoLogoffSeconds: number;
  };
  /** docs/security.md "Second factor". */
  secondFactor: {
    /** `REQUIRE_MFA=1`: a provider without a second factor enrols one before she reaches the portal. */
    required: boolean;
    /** How long the second step of a sign-in may take (`SECOND_STEP_SECONDS`); enrolling gets twice that. */
    stepSeconds: number;
  };
  chat: {
    appId: number;
    authKey: string;
    authSecret: string;
    domain: string;
    /** Plain c2s TCP port for native member apps; 0 picks a free one. */
    c2sPort: number;
    /** Internal HTTP port of Prosody (BOSH and WebSocket behind our proxy); 0 picks a free one. */
    prosodyHttpPort: number;
    /**
     * Path of the `prosody` executable; empty: this process supervises no Prosody (API-only runs,
     * or the other processes of a cluster, which reach the supervising one's Prosody on
     * PROSODY_HTTP_PORT and its admin socket in the shared DATA_DIR; docs/architecture.md §5).
     */
    prosodyBin: string;
    /**
     * The allocator preloaded into Prosody (PROSODY_MALLOC): null, jemalloc where Debian puts it;
     * '' glibc's own; otherwise an absolute path (prosody/allocator.ts, docs/prosody.md "Memory
     * allocator").
     */
    prosodyMalloc: string | null;
    /**
     * Where Prosody's hooks call back (PROSODY_HOOK_URL, an origin): this process by default; in a
     * cluster the proxy, so that any process answers while one restarts (docs/architecture.md §5).
     */
    hookOrigin: string | null;
    /**
     * Session signature HMAC (docs/wire/hosted-chat.md §3.1, issue 4 "HMAC-SHA1, or SHA-256 when
     * configured"): `sha1` by default, `sha256` only when `CHAT_SIGNATURE_HASH=sha256`. Exactly one
     * is accepted, as the hosted service checks the one its application is set up for.
     */
    signatureHash: 'sha1' | 'sha256';
    /** How long Prosody waits for the server to take a history report before retrying it. */
    historyReportTimeoutSeconds: number;
    /** Prosody pings every authenticated stream this often and drops one that did not answer the last (XEP-0199). */
    pingSeconds: number;
    /**
     * How long a chat stream whose connection is gone may be resumed (XEP-0198, Prosody's
     * `smacks_hibernation_time`); after it the session ends (docs/prosody.md).
     */
    resumptionSeconds: number;
    /** ICE servers announced by `/qb/account_settings.json` (RTCIceServer objects). */
    iceServers: Array<{ urls: string | string[]; username?: string; credential?: string }>;
  };
  /**
   * TURN with coturn's time-limited REST credentials (`use-auth-secret`, README "Calls behind
   * NAT"): `urls` are handed out by `GET /api/call/iceServers` with a fresh username and
   * credential from `secret`, valid `ttlSeconds`. Null when `TURN_URLS` is unset.
   */
  turn: { urls: string[]; secret: string; ttlSeconds: number } | null;
  /** OpenAI-compatible endpoint behind the chat-service AI extensions (§10); null = not configured. */
  ai: { apiUrl: string | null; apiKey: string | null; model: string };
  /** The app socket (spec §7): heart-beat both ways (spec §9), refused words in its chat. */
  appSocket: { heartBeatMs: number; sensitiveWords: string[] };
  seed: boolean;
  logLevel: string;
  /**
   * `TRUST_PROXY`: whose `X-Forwarded-For` names the client (README "Configuration"): `true` (`1`,
   * any proxy), `'loopback'` (a proxy on this machine) or `false` (the socket's address).
   */
  trustProxy: boolean | 'loopback';
  /**
   * The protocol console at `/console` (docs/console.md "Who may use it"): `on` (open to a request
   * from this machine, else behind the admin secret) or `off`. Unset, it is `off` as soon as a public
   * origin or a proxy is configured, and `on` otherwise.
   */
  console: 'on' | 'off';
}

export class ConfigError extends Error {}

function prosodyMalloc(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  if (raw === '' || path.isAbsolute(raw)) return raw;
  throw new ConfigError(`PROSODY_MALLOC must be an absolute path to a library, or empty (got "${raw}")`);
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0, max = 65535): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number between ${min} and ${max} (got "${raw}")`);
  }
  return value;
}

function signatureHash(raw: string | undefined): 'sha1' | 'sha256' {
  if (!raw) return 'sha1';
  if (raw === 'sha1' || raw === 'sha256') return raw;
  throw new ConfigError(`CHAT_SIGNATURE_HASH must be sha1 or sha256 (got "${raw}")`);
}

function httpUrl(raw: string, name: string): string {
  try {
    const url = new URL(raw);
    if (url.protocol === 'http:' || url.protocol === 'https:') return raw.replace(/\/+$/, '');
  } catch {
    // Reported below with the variable's name.
  }
  throw new ConfigError(`${name} must be an http(s) URL (got "${raw}")`);
}

/** `PUBLIC_ORIGIN`: an http(s) origin only (scheme, host, optional port), without a path. */
function publicOrigin(raw: string | undefined, host: string, port: number, scheme: 'http' | 'https'): string {
  if (!raw) return `${scheme}://${host.includes(':') ? `[${host}]` : host}:${port}`;
  try {
    const url = new URL(raw);
    if (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      !url.username &&
      !url.password &&
      url.pathname === '/' &&
      !url.search &&
      !url.hash
    ) {
      return url.origin;
    }
  } catch {
    // Reported below.
  }
  throw new ConfigError(
    `PUBLIC_ORIGIN must be an http(s) origin such as https://portal.example.com, without a path (got "${raw}")`,
  );
}

function iceServers(raw: string | undefined): ServerConfig['chat']['iceServers'] {
  if (!raw) return [];
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (
      Array.isArray(parsed) &&
      parsed.every(
        (s) =>
          typeof s === 'object' &&
          s !== null &&
          (typeof (s as { urls?: unknown }).urls === 'string' ||
            Array.isArray((s as { urls?: unknown }).urls)),
      )
    ) {
      return parsed as ServerConfig['chat']['iceServers'];
    }
  } catch {
    // Reported below.
  }
  throw new ConfigError(
    'ICE_SERVERS must be a JSON array of {"urls": …, "username"?, "credential"?} objects',
  );
}

/** `TLS_CERT` with `TLS_KEY` (both or neither), or `TLS=self-signed`; not both ways at once. */
function tls(env: NodeJS.ProcessEnv, cwd: string): ServerConfig['tls'] {
  const cert = env.TLS_CERT ?? '';
  const key = env.TLS_KEY ?? '';
  const mode = env.TLS ?? '';
  if (mode && mode !== 'self-signed')
    throw new ConfigError(`TLS must be self-signed or unset (got "${mode}")`);
  if (!cert && !key) return mode ? { selfSigned: true } : null;
  if (!cert) throw new ConfigError('TLS_KEY is set but TLS_CERT is not: which certificate?');
  if (!key) throw new ConfigError('TLS_CERT is set but TLS_KEY is not: which private key?');
  if (mode) throw new ConfigError('TLS=self-signed and TLS_CERT/TLS_KEY both set: choose one');
  return { certFile: path.resolve(cwd, cert), keyFile: path.resolve(cwd, key) };
}

function flag(raw: string | undefined, name: string): boolean {
  if (!raw || raw === '0') return false;
  if (raw === '1') return true;
  throw new ConfigError(`${name} must be 1 or 0 (got "${raw}")`);
}

function trustProxy(raw: string | undefined): ServerConfig['trustProxy'] {
  if (!raw || raw === '0') return false;
  if (raw === '1') return true;
  if (raw === 'loopback') return 'loopback';
  throw new ConfigError(`TRUST_PROXY must be 1 or loopback (got "${raw}")`);
}

/**
 * `CONSOLE`: an explicit `on` or `off`; unset, off whenever the server is reached through a proxy
 * or at a public origin (docs/console.md "Who may use it"), since the console hands out the chat
 * application's credentials.
 */
function consoleSwitch(env: NodeJS.ProcessEnv): 'on' | 'off' {
  const raw = env.CONSOLE;
  if (raw === 'on' || raw === 'off') return raw;
  if (raw) throw new ConfigError(`CONSOLE must be on or off (got "${raw}")`);
  return env.PUBLIC_ORIGIN || trustProxy(env.TRUST_PROXY) !== false ? 'off' : 'on';
}

/** `TURN_URLS` (comma-separated stun:/turn:/turns: URLs) with `TURN_SECRET`, both or neither. */
function turn(env: NodeJS.ProcessEnv): ServerConfig['turn'] {
  const urls = (env.TURN_URLS ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  const secret = env.TURN_SECRET ?? '';
  const ttlSeconds = int(env, 'TURN_CREDENTIAL_TTL_SECONDS', 86_400, 60, 30 * 86_400);
  if (urls.length === 0 && !secret) return null;
  if (urls.length === 0)
    throw new ConfigError('TURN_SECRET is set but TURN_URLS is not: which TURN servers?');
  if (!secret) throw new ConfigError("TURN_URLS is set but TURN_SECRET (coturn's static-auth-secret) is not");
  const bad = urls.find((u) => !/^(stuns?|turns?):[^\s]+$/.test(u));
  if (bad) throw new ConfigError(`TURN_URLS entries must be stun:, turn: or turns: URLs (got "${bad}")`);
  return { urls, secret, ttlSeconds };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const dataDir = path.resolve(cwd, env.DATA_DIR || '.data');
  const portalDir = env.PORTAL_DIR === '' ? null : path.resolve(cwd, env.PORTAL_DIR || 'dist/portal');
  const appId = int(env, 'CHAT_APP_ID', 1001, 1, 2_000_000_000);
  const port = int(env, 'PORT', 8080);
  const host = env.HOST || '127.0.0.1';
  const tlsSettings = tls(env, cwd);
  return {
    port,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    portalDir,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Provider Portal <no-reply@portal.localhost>',
    allowedOrigins: (env.ALLOWED_ORIGINS || '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => {
        if (bareOrigin(o)) return o;
        throw new ConfigError(
          `ALLOWED_ORIGINS entries must be origins like https://portal.example (got "${o}")`,
        );
      }),
    publicOrigin: publicOrigin(env.PUBLIC_ORIGIN, host, port, tlsSettings ? 'https' : 'http'),
    publicOriginSet: Boolean(env.PUBLIC_ORIGIN),
    tls: tlsSettings,
    session: {
      idleSeconds: int(env, 'SESSION_IDLE_SECONDS', 7 * 24 * 3600, 1, 10 * 365 * 24 * 3600),
      maxSeconds: int(env, 'SESSION_MAX_SECONDS', 30 * 24 * 3600, 1, 10 * 365 * 24 * 3600),
      autoLogoffSeconds: int(env, 'AUTO_LOGOFF_SECONDS', 15 * 60, 5, 24 * 3600),
    },
    secondFactor: {
      required: flag(env.REQUIRE_MFA, 'REQUIRE_MFA'),
      stepSeconds: int(env, 'SECOND_STEP_SECONDS', 300, 1, 3600),
    },
    chat: {
      appId,
      authKey: env.CHAT_AUTH_KEY || 'portal-dev-auth-key',
      authSecret: env.CHAT_AUTH_SECRET || 'portal-dev-auth-secret',
      domain: env.CHAT_DOMAIN || 'localhost',
      c2sPort: int(env, 'XMPP_C2S_PORT', 5222),
      prosodyHttpPort: int(env, 'PROSODY_HTTP_PORT', 0),
      prosodyBin: env.PROSODY_BIN ?? '/usr/bin/prosody',
      prosodyMalloc: prosodyMalloc(env.PROSODY_MALLOC),
      hookOrigin: env.PROSODY_HOOK_URL ? httpUrl(env.PROSODY_HOOK_URL, 'PROSODY_HOOK_URL') : null,
      signatureHash: signatureHash(env.CHAT_SIGNATURE_HASH),
      historyReportTimeoutSeconds: int(env, 'CHAT_HISTORY_REPORT_TIMEOUT_SECONDS', 30, 1, 600),
      pingSeconds: int(env, 'CHAT_PING_SECONDS', 60, 1, 3600),
      resumptionSeconds: int(env, 'CHAT_RESUMPTION_SECONDS', 60, 5, 3600),
      iceServers: iceServers(env.ICE_SERVERS),
    },
    turn: turn(env),
    ai: {
      apiUrl: env.AI_API_URL ? httpUrl(env.AI_API_URL, 'AI_API_URL') : null,
      apiKey: env.AI_API_KEY || null,
      model: env.AI_MODEL || 'gpt-4o-mini',
    },
    appSocket: { heartBeatMs: serverHeartBeatMs(env), sensitiveWords: sensitiveWordsFrom(env) },
    seed: env.SEED !== '0',
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: trustProxy(env.TRUST_PROXY),
    console: consoleSwitch(env),
  };
}

/**
 * The server's heart-beat, both ways: 100000 ms (spec §9). `APP_SOCKET_HEARTBEAT_MS` overrides it
 * for tests that cannot wait minutes; production leaves it unset.
 */
export function serverHeartBeatMs(env: NodeJS.ProcessEnv): number {
  return int(env, 'APP_SOCKET_HEARTBEAT_MS', APP_SOCKET_HEARTBEAT_MS, 100, 3_600_000);
}

/** Words refused in app socket chat, from `APP_SOCKET_SENSITIVE_WORDS` (comma-separated). */
export function sensitiveWordsFrom(env: NodeJS.ProcessEnv): string[] {
  return (env.APP_SOCKET_SENSITIVE_WORDS ?? '')
    .split(',')
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
}
