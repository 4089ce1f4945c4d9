/** What every route and service of the server is built from: one object, created in `app.ts`. */
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import type { EventBus } from './events/event-bus';
import type { Secrets } from './secrets';
import type { SessionCache } from './auth/session-cache';

export interface ServerContext {
  config: ServerConfig;
  db: Database;
  secrets: Secrets;
  events: EventBus;
  log: FastifyBaseLogger;
  sessionCache: SessionCache;
}
