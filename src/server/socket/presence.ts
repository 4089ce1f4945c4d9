/**
 * Whether a provider has the portal open anywhere (spec §4 Notifications: no MESSAGE notification
 * for a provider who sees the message live). One process answers from its own registry; with
 * several processes (docs/architecture.md §5 "Several processes") each one also keeps, in
 * `app_socket_presence`, a row per provider it holds sockets for, named after its event relay's
 * connection. A row counts only while that connection is alive, so a process that crashed stops
 * counting at once, and its rows are swept when any process starts.
 */
import { sql } from 'kysely';
import type { Database } from '../db/database';
import { APP_PREFIX } from '../events/pg-relay';
import type { SocketRegistry } from './registry';

export interface ProviderPresence {
  isOnline(providerId: number): Promise<boolean>;
}

/** One process: its own sockets are all there are. */
export const localPresence = (registry: SocketRegistry): ProviderPresence => ({
  isOnline: async (providerId) => registry.isOnline(providerId),
});

interface Log {
  warn(obj: object, msg: string): void;
}

/** The processes whose event relay is connected now (events/pg-relay.ts names its connection). */
const liveProcesses = sql<string>`(select substr(application_name, ${APP_PREFIX.length + 1})
  from pg_stat_activity where datname = current_database() and application_name like ${`${APP_PREFIX}%`})`;

export class ClusterPresence implements ProviderPresence {
  /** Writes per provider run one after another, so the last count written is the last one seen. */
  readonly #writes = new Map<number, Promise<void>>();
  readonly #unsubscribe: () => void;

  private constructor(
    readonly db: Database,
    readonly registry: SocketRegistry,
    readonly processId: string,
    readonly log: Log,
  ) {
    this.#unsubscribe = registry.onProviderSockets((providerId, sockets) =>
      this.#record(providerId, sockets),
    );
  }

  static async start(
    db: Database,
    registry: SocketRegistry,
    processId: string,
    log: Log,
  ): Promise<ClusterPresence> {
    await db
      .deleteFrom('app_socket_presence')
      .where(sql<boolean>`process_id not in ${liveProcesses}`)
      .execute();
    const presence = new ClusterPresence(db, registry, processId, log);
    const held = new Map<number, number>();
    for (const session of registry.all()) {
      const providerId = session.auth?.providerId;
      if (providerId !== undefined && providerId !== null)
        held.set(providerId, (held.get(providerId) ?? 0) + 1);
    }
    for (const [providerId, sockets] of held) presence.#record(providerId, sockets);
    return presence;
  }

  async isOnline(providerId: number): Promise<boolean> {
    if (this.registry.isOnline(providerId)) return true;
    const row = await this.db
      .selectFrom('app_socket_presence')
      .select('provider_id')
      .where('provider_id', '=', providerId)
      .where(sql<boolean>`process_id in ${liveProcesses}`)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Resolves once every write queued so far is done (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.all(this.#writes.values());
  }

  #record(providerId: number, sockets: number): void {
    const previous = this.#writes.get(providerId) ?? Promise.resolve();
    const next = previous.then(() => this.#write(providerId, sockets));
    this.#writes.set(providerId, next);
    void next.then(() => {
      if (this.#writes.get(providerId) === next) this.#writes.delete(providerId);
    });
  }

  async #write(providerId: number, sockets: number): Promise<void> {
    try {
      if (sockets > 0)
        await this.db
          .insertInto('app_socket_presence')
          .values({ process_id: this.processId, provider_id: providerId, sockets })
          .onConflict((oc) =>
            oc.columns(['process_id', 'provider_id']).doUpdateSet({ sockets, updated_at: sql`now()` }),
          )
          .execute();
      else
        await this.db
          .deleteFrom('app_socket_presence')
          .where('process_id', '=', this.processId)
          .where('provider_id', '=', providerId)
          .execute();
    } catch (error) {
      this.log.warn({ err: error, providerId }, 'could not record app socket presence');
    }
  }

  /** Stops recording and removes this process's rows. */
  async stop(): Promise<void> {
    this.#unsubscribe();
    await this.settled();
    await this.db.deleteFrom('app_socket_presence').where('process_id', '=', this.processId).execute();
  }
}
