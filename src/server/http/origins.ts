/**
 * The origins this server answers for (docs/security.md "HTTP headers and origins"), computed in
 * one place from the configuration: the server's own origin and its loopback aliases on the
 * listening port, plus `ALLOWED_ORIGINS`. Every request's `Host` must name one of their hosts (a
 * rebound DNS name does not: DNS rebinding guard), and a browser's `Origin` on a WebSocket upgrade
 * must be one of them exactly — scheme, host and port.
 */
import type { ServerConfig } from '../config';

/** Names of the loopback interface a local browser may use for the server's own address. */
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];
const ANY_ADDRESS = new Set(['', '0.0.0.0', '::', '[::]']);

type OriginSettings = Pick<ServerConfig, 'host' | 'allowedOrigins'> &
  Partial<Pick<ServerConfig, 'tls'>> & { publicOrigin?: string };

/**
 * Every origin a page may have to talk to this server: the listening port under its own listen
 * address and the loopback names, `https://` when the server itself serves TLS (`TLS_CERT` or
 * `TLS=self-signed`), else `http://` (TLS then ends at a proxy whose public origin is
 * configured), then the configured ones: `ALLOWED_ORIGINS` and `PUBLIC_ORIGIN`, where the links in
 * mail send people.
 */
export function configuredOrigins(config: OriginSettings, port: number): string[] {
  const names = new Set(LOOPBACK_NAMES);
  if (!ANY_ADDRESS.has(config.host)) names.add(config.host.includes(':') ? `[${config.host}]` : config.host);
  const scheme = config.tls ? 'https' : 'http';
  return [
    ...[...names].map((name) => `${scheme}://${name}:${port}`),
    ...config.allowedOrigins,
    ...(config.publicOrigin ? [config.publicOrigin] : []),
  ];
}

/** `raw` as a URL when it is a bare http(s) origin (no path, query, fragment or credentials). */
export function bareOrigin(raw: string): URL | null {
  try {
    const url = new URL(raw);
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    if ((url.protocol === 'http:' || url.protocol === 'https:') && bare) return url;
  } catch {
    // Not a URL at all: answered as not an origin.
  }
  return null;
}

function parseOrigin(raw: string): URL {
  const url = bareOrigin(raw);
  if (url) return url;
  throw new RangeError(`ALLOWED_ORIGINS entries must be origins like https://portal.example (got "${raw}")`);
}

export class OriginPolicy {
  readonly origins: readonly string[];
  readonly #origins: ReadonlySet<string>;
  readonly #hosts: ReadonlySet<string>;

  /** Throws RangeError on an entry that is not a bare http(s) origin. */
  constructor(origins: readonly string[]) {
    const urls = origins.map(parseOrigin);
    this.origins = [...new Set(urls.map((u) => u.origin))];
    this.#origins = new Set(this.origins);
    const hosts = new Set<string>();
    for (const url of urls) {
      hosts.add(url.host);
      // `Host: portal.example:443` names the same server as `Host: portal.example`.
      if (!url.port) hosts.add(`${url.hostname}:${url.protocol === 'https:' ? 443 : 80}`);
    }
    this.#hosts = hosts;
  }

  static forServer(config: OriginSettings, port: number): OriginPolicy {
    return new OriginPolicy(configuredOrigins(config, port));
  }

  /** `Host` names this server (RFC 9110 §7.2); a request without one is refused too. */
  allowsHost(host: string | undefined): boolean {
    return host !== undefined && this.#hosts.has(host.toLowerCase());
  }

  /**
   * A browser page of one of our origins. No `Origin` at all is a native app or a tool, not a
   * page a user was lured to (RFC 6455 §10.2: the Origin check protects browsers' users).
   */
  allowsOrigin(origin: string | undefined): boolean {
    if (origin === undefined) return true;
    return this.#origins.has(origin.toLowerCase());
  }
}
