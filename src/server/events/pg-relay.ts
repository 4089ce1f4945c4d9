/**
 * The cross-process half of the event bus (docs/architecture.md §5 "Several processes"): with
 * DATABASE_URL set, the events that act on what one process holds (its app sockets, its token
 * cache, the Prosody it supervises) travel to every server process over PostgreSQL LISTEN/NOTIFY.
 * Each process runs its own listeners on arrival and answers with an acknowledgement; the sender
 * waits for every live peer's, so a sign-in answers only once the kicked session is gone
 * everywhere. Peers are the database's other connections named `portal-bus:…`.
 */
import { randomUUID } from 'node:crypto';
import type { EventBus, DomainEvents, EventRelay } from './event-bus';

const CHANNEL = 'portal_events';
/** Names the listening connection of each process; socket/presence.ts reads liveness from it. */
export const APP_PREFIX = 'portal-bus:';
/** A peer that has not answered by then is stuck or dying; the sender goes on without it. */
const ACK_TIMEOUT_MS = 3_000;
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes and more. */
const MAX_PAYLOAD = 7_900;

/** Events whose listeners act on per-process state; the others run once, where they happen. */
export const CLUSTER_EVENTS: ReadonlyArray<keyof DomainEvents> = ['session.ended', 'notification.created'];

type Wire =
  | { kind: 'event'; id: string; from: string; name: keyof DomainEvents; payload: unknown }
  | { kind: 'ack'; id: string; from: string };

interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

interface PgClient {
  connect(): Promise<void>;
  query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  on(event: 'end', listener: () => void): void;
  end(): Promise<void>;
}

/** JSON loses Dates; these fields are turned back into them on arrival. */
const DATE_FIELDS: Partial<Record<keyof DomainEvents, string[]>> = {
  'notification.created': ['createdAt'],
};

export class PgEventRelay implements EventRelay {
  readonly origin = randomUUID();
  readonly #pending = new Map<string, { waiting: Set<string>; done: () => void }>();
  #listen: PgClient | null = null;
  #send: PgClient | null = null;
  #stopped = false;
  #reopening: NodeJS.Timeout | null = null;

  private constructor(
    readonly url: string,
    readonly events: EventBus,
    readonly log: Log,
  ) {}

  static async start(url: string, events: EventBus, log: Log): Promise<PgEventRelay> {
    const relay = new PgEventRelay(url, events, log);
    await relay.#open();
    events.setRelay(relay, CLUSTER_EVENTS);
    return relay;
  }

  async #open(): Promise<void> {
    const pg = (await import('pg')).default;
    const client = (name: string) =>
      new pg.Client({ connectionString: this.url, application_name: name }) as unknown as PgClient;
    const listen = client(`${APP_PREFIX}${this.origin}`);
    const send = client('portal-bus-sender');
    for (const c of [listen, send]) {
      c.on('error', (error) => {
        this.log.error({ err: error }, 'event relay connection failed');
        this.#lost(listen, send);
      });
      c.on('end', () => this.#lost(listen, send));
    }
    try {
      await listen.connect();
      await send.connect();
      listen.on('notification', (message) => {
        if (message.channel === CHANNEL && message.payload) void this.#receive(message.payload);
      });
      await listen.query(`listen ${CHANNEL}`);
    } catch (error) {
      await Promise.all([listen.end().catch(() => undefined), send.end().catch(() => undefined)]);
      throw error;
    }
    this.#listen = listen;
    this.#send = send;
  }

  /**
   * A relay connection dropped (PostgreSQL restarting, a network cut): both are replaced, every
   * second until it works. In between, events reach only this process's listeners.
   */
  #lost(listen: PgClient, send: PgClient): void {
    if (this.#stopped || this.#listen !== listen) return;
    this.#listen = this.#send = null;
    void listen.end().catch(() => undefined);
    void send.end().catch(() => undefined);
    const retry = () => {
      this.#reopening = setTimeout(() => {
        this.#open()
          .then(() => {
            this.#reopening = null;
            this.log.warn({}, 'event relay reconnected');
          })
          .catch(() => retry());
      }, 1_000);
      this.#reopening.unref();
    };
    retry();
  }

  /** Sends an event to every other process and resolves once each live one has run its listeners. */
  async publish<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): Promise<void> {
    const send = this.#send;
    if (!send) return;
    const id = randomUUID();
    const text = JSON.stringify({ kind: 'event', id, from: this.origin, name, payload } satisfies Wire);
    if (Buffer.byteLength(text) > MAX_PAYLOAD) {
      this.log.error(
        { name, bytes: Buffer.byteLength(text) },
        'event too large for the relay; other processes miss it',
      );
      return;
    }
    const peers = await this.#peers(send);
    const acked =
      peers.size === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const timer = setTimeout(() => {
              const late = this.#pending.get(id);
              this.#pending.delete(id);
              if (late && late.waiting.size > 0)
                this.log.warn(
                  { name, peers: [...late.waiting] },
                  'processes did not acknowledge an event in time',
                );
              resolve();
            }, ACK_TIMEOUT_MS);
            this.#pending.set(id, {
              waiting: peers,
              done: () => {
                clearTimeout(timer);
                this.#pending.delete(id);
                resolve();
              },
            });
          });
    await send.query('select pg_notify($1, $2)', [CHANNEL, text]);
    await acked;
  }

  async #peers(client: PgClient): Promise<Set<string>> {
    const { rows } = await client.query(
      `select application_name as name from pg_stat_activity
        where datname = current_database() and application_name like $1 and application_name <> $2`,
      [`${APP_PREFIX}%`, `${APP_PREFIX}${this.origin}`],
    );
    return new Set(rows.map((r) => String(r.name).slice(APP_PREFIX.length)));
  }

  async #receive(text: string): Promise<void> {
    let wire: Wire;
    try {
      wire = JSON.parse(text) as Wire;
    } catch {
      return;
    }
    if (wire.from === this.origin) return;
    if (wire.kind === 'ack') {
      const pending = this.#pending.get(wire.id);
      if (!pending) return;
      pending.waiting.delete(wire.from);
      if (pending.waiting.size === 0) pending.done();
      return;
    }
    const payload = wire.payload as Record<string, unknown>;
    for (const field of DATE_FIELDS[wire.name] ?? [])
      if (typeof payload[field] === 'string') payload[field] = new Date(payload[field]);
    await this.events.deliverLocally(wire.name, payload as never);
    const ack = JSON.stringify({ kind: 'ack', id: wire.id, from: this.origin } satisfies Wire);
    await this.#send
      ?.query('select pg_notify($1, $2)', [CHANNEL, ack])
      .catch((error: unknown) => this.log.warn({ err: error }, 'could not acknowledge an event'));
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#reopening) clearTimeout(this.#reopening);
    this.events.setRelay(null, []);
    const clients = [this.#listen, this.#send];
    this.#listen = this.#send = null;
    for (const pending of this.#pending.values()) pending.done();
    await Promise.all(clients.map((c) => c?.end().catch(() => undefined)));
  }
}
