/** What every route and service of the server is built from: one object, created in `app.ts`. */
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import type { EventBus } from './events/event-bus';
import type { Secrets } from './secrets';
import type { SessionCache } from './auth/session-cache';
import type { ProviderPresence } from './socket/presence';

export interface ServerContext {
  config: ServerConfig;
  db: Database;
  secrets: Secrets;
  events: EventBus;
  log: FastifyBaseLogger;
  sessionCache: SessionCache;
  /** Set with several processes (socket/presence.ts); otherwise this process's sockets decide. */
  presence?: ProviderPresence;
}
