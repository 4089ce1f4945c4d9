/**
 * The WebAuthn relying party (WebAuthn L3 §5.4.2 `rp.id`, §7.1 step 9 "verify that the origin
 * matches"), derived from the origins the server answers for (src/server/http/origins.ts). A
 * passkey is bound to the RP ID, a domain: the host of `PUBLIC_ORIGIN`, or `localhost` when that
 * host is an address (the default `http://127.0.0.1:PORT`) — browsers refuse an IP address as RP
 * ID, and treat `http://localhost` as secure. Accepted origins are the configured ones on that
 * domain or below it; passkeys therefore work from `http://localhost:PORT` on loopback and from
 * the public origin behind a proxy (docs/security.md "Second factor").
 */
import { isIP } from 'node:net';
import type { ServerConfig } from '../config';
import { configuredOrigins } from '../http/origins';

export interface RelyingParty {
  /** The RP ID: a domain, never an address. */
  id: string;
  /** Shown by the browser and the authenticator. */
  name: string;
  /** The page origins whose ceremonies are accepted. */
  origins: string[];
}

export const RELYING_PARTY_NAME = 'Provider portal';

type Settings = Pick<ServerConfig, 'host' | 'allowedOrigins' | 'publicOrigin'>;

/** The relying party of a server with these settings listening on `port`. */
export function relyingParty(config: Settings, port: number): RelyingParty {
  const host = new URL(config.publicOrigin).hostname;
  const id = isIP(host.replace(/^\[|\]$/g, '')) === 0 ? host : 'localhost';
  const origins = [...new Set([...configuredOrigins(config, port), config.publicOrigin])].filter((origin) => {
    const name = new URL(origin).hostname;
    return name === id || name.endsWith(`.${id}`);
  });
  return { id, name: RELYING_PARTY_NAME, origins };
}
