/**
 * One chat connection per browser (docs/architecture.md §3 "One chat connection per browser"): a
 * {@link ChatClient} for each tab, behind which the tabs of one browser share one XMPP stream.
 * The tab that holds an exclusive lock (Web Locks in the browser) runs the real client and
 * serves the others over a channel (BroadcastChannel); the others follow it. When the holder goes
 * (closed, crashed, reloaded, hidden in the back/forward cache, frozen, signed out), the lock
 * passes to the tab that has waited longest, which logs in and takes over; its users, and the
 * other tabs', see the connection drop and come back (`disconnected`, then `reconnect`), as after
 * any fresh login, with what they sent meanwhile sent once the new holder is up.
 *
 * Headless, like the rest of src/xmpp: the page hands in its lock manager and channel, so the
 * tests run it in Node.
 */
import { createEmitter, eventSource, type Emitter } from '../../shared/emitter';
import { createWaitList } from '../../shared/wait-list';
import { createObjectIdGenerator } from '../addressing/ids';
import { createAddressing } from '../addressing/jids';
import type { ChatClient, ChatCredentials, ChatEvents } from '../client-types';
import { ChatNotConnectedError } from '../errors/errors';
import type { PingCallback } from '../ping/ping';
import type { Contacts } from '../roster/parse';
import { createFollower, type Follower, type UnconfirmedSend } from './follower';
import { delegatedOperations } from './delegated-operations';
import { createDispatch } from './dispatch';
import { createChatHost, type ChatHost } from './host';
import { heldTraffic, listensTo, observedTraffic, type HeldTraffic } from './observed-traffic';
import {
  CHAT_EVENT_NAMES,
  OBSERVED_EVENTS,
  onRelayedEvents,
  operation,
  type EmitChatEvent,
  type EventOwner,
  type MethodName,
  type ObservedEvent,
} from './protocol';
import { createShareRoleMachine } from './role';
import type { SharedChatClient, SharedChatOptions } from './shared-client-types';

export type { HolderLocks, SharedChatClient, SharedChatOptions } from './shared-client-types';

interface Holding {
  client: ChatClient;
  host: ChatHost;
  /** Lets the lock go. */
  release(): void;
  offs: Array<() => void>;
  traffic: HeldTraffic;
  /** What the last holder was in, and what this tab sent that nobody confirmed: for after the login. */
  rooms: string[];
  unconfirmed: UnconfirmedSend[];
}

/** One emitter per owner of events, as the client has them (client-types.ts `ChatEvents`). */
type Emitters = { [O in EventOwner]: Emitter<ChatEvents[O]> };

export function createSharedChatClient(options: SharedChatOptions): SharedChatClient {
  const { channel, locks } = options;
  const tab = options.tab ?? crypto.randomUUID();
  const emitters = Object.fromEntries(
    (Object.keys(CHAT_EVENT_NAMES) as EventOwner[]).map((owner) => [owner, createEmitter()]),
  ) as Emitters;
  const addressing = createAddressing(options.domain, options.appId);
  const nextId = createObjectIdGenerator();
  const machine = createShareRoleMachine();
  let credentials: ChatCredentials | null = null;
  let follower: Follower | null = null;
  let holding: Holding | null = null;
  let waitAbort: AbortController | null = null;
  /** Bumped whenever the tab leaves: a holding that began before is stale. */
  let epoch = 0;
  let suspended = false;
  /** The tab's users were told the connection went: `reconnect` follows once it is back. */
  let owedReconnect = false;
  /** The `connect` calls waiting for this tab's connection to be up. */
  const logins = createWaitList<Contacts>();

  const emit: EmitChatEvent = (owner, event, payload) =>
    (emitters[owner] as Emitter<ChatEvents[typeof owner]>).emit(event, payload);

  function notConnected(): ChatNotConnectedError {
    const error = new ChatNotConnectedError();
    emit('client', 'chatNotConnected', error);
    emit('client', 'error', error);
    return error;
  }

  function online(): void {
    logins.resolve(client.contacts);
    if (owedReconnect) {
      owedReconnect = false;
      emit('client', 'reconnect', undefined);
    }
  }

  // ---- Observed events (the traffic): relayed only while someone here listens -----------------

  const listening = (event: ObservedEvent) => listensTo(emitters.traffic, event);
  const traffic = observedTraffic(emitters.traffic, (event, on) => {
    holding?.traffic.watch(event, on);
    follower?.observe(event, on);
  });

  // ---- Following and holding -----------------------------------------------------------------

  function follow(): void {
    machine.transition('following');
    follower = createFollower({
      channel,
      tab,
      emit,
      onOnline: online,
      onFailed: (error) => logins.reject(error),
    });
    for (const event of OBSERVED_EVENTS) if (listening(event)) follower.observe(event, true);
    const abort = new AbortController();
    waitAbort = abort;
    const since = epoch;
    locks
      .request(options.name, abort.signal, () => (since === epoch ? hold(since) : Promise.resolve()))
      .catch(() => undefined);
  }

  /** The lock is this tab's: it takes the connection over; resolves when it lets it go. */
  async function hold(since: number): Promise<void> {
    const rooms = [...(follower?.rooms ?? [])];
    const { unconfirmed, connection } = follower?.stop() ?? { unconfirmed: [], connection: 'never' };
    follower = null;
    waitAbort = null;
    machine.transition('holding');
    if (connection === 'online')
      emit('session', 'disconnected', { intentional: false, condition: 'holder-gone', willReconnect: true });
    if (connection !== 'never') owedReconnect = true;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let real: ChatClient;
    try {
      real = await options.createClient();
    } catch (error) {
      // No client, no connection: the next tab may do better; this one reports it and idles.
      if (since === epoch) {
        epoch += 1;
        machine.transition('idle');
        logins.reject(error);
      }
      release();
      return held;
    }
    if (since !== epoch) {
      release();
      return held;
    }
    const host = createChatHost({
      client: real,
      channel,
      holder: crypto.randomUUID(),
      self: tab,
      reflectHere: ({ owner, event, payload }) => emit(owner, event as never, payload as never),
    });
    const offs = onRelayedEvents(real, emit);
    holding = {
      client: real,
      host,
      release,
      offs,
      traffic: heldTraffic(real, emitters.traffic),
      rooms,
      unconfirmed,
    };
    for (const event of OBSERVED_EVENTS) if (listening(event)) holding.traffic.watch(event, true);
    host.announce();
    if (credentials) void login(holding, credentials);
    return held;
  }

  /** The holder's login; after a takeover, the rooms the last holder was in and this tab's unconfirmed sends. */
  async function login(h: Holding, with_: ChatCredentials): Promise<void> {
    try {
      await h.client.connect(with_);
    } catch (error) {
      if (holding !== h) return;
      h.host.failed(error);
      logins.reject(error);
      return;
    }
    if (holding !== h) return;
    const rooms = h.rooms;
    h.rooms = [];
    await Promise.all(rooms.map((room) => h.client.muc.join(room).catch(() => undefined)));
    const unconfirmed = h.unconfirmed;
    h.unconfirmed = [];
    for (const send of unconfirmed) {
      try {
        h.host.as(tab, () => operation(h.client, send.method)(...send.args));
      } catch (error) {
        emit('client', 'error', error as ChatEvents['client']['error']);
      }
    }
    h.host.publish();
    if (holding === h && h.client.isConnected) online();
  }

  /** The tab stops taking part: a holder closes its stream and lets the lock go. */
  async function leave(how: 'stop' | 'suspend'): Promise<void> {
    epoch += 1;
    const role = machine.role;
    if (role === 'idle') return;
    const wasConnected = client.isConnected;
    waitAbort?.abort();
    waitAbort = null;
    follower?.stop();
    follower = null;
    const h = holding;
    holding = null;
    machine.transition('idle');
    logins.reject(new ChatNotConnectedError());
    if (how === 'suspend' && wasConnected) {
      owedReconnect = true;
      emit('session', 'disconnected', { intentional: false, condition: 'suspended', willReconnect: true });
    } else if (how === 'stop') {
      owedReconnect = false;
    }
    if (!h) {
      if (how === 'stop' && wasConnected)
        emit('session', 'disconnected', { intentional: true, condition: null, willReconnect: false });
      return;
    }
    h.host.stop();
    h.traffic.stop();
    if (how === 'suspend') for (const off of h.offs) off();
    // XEP-0198 §4: what was handled is acknowledged before the stream closes (session.ts).
    const closing = h.client.disconnect();
    h.release();
    await closing.catch(() => undefined);
    if (how === 'stop') for (const off of h.offs) off();
  }

  // ---- Operations ----------------------------------------------------------------------------

  const invoke = createDispatch({
    tab,
    nextId,
    held: () => holding,
    follower: () => follower,
    notConnected,
  });

  const call =
    <R>(method: MethodName) =>
    (...args: unknown[]): R =>
      invoke(method, args) as R;

  const snapshot = () => follower?.snapshot ?? null;
  const operations = delegatedOperations(call, addressing, nextId);

  const client: SharedChatClient = {
    get role() {
      return machine.role;
    },
    get state() {
      return holding ? holding.client.state : (snapshot()?.state ?? 'disconnected');
    },
    get isConnected() {
      return holding ? holding.client.isConnected : (follower?.online ?? false);
    },
    get jid() {
      return holding ? holding.client.jid : (snapshot()?.jid ?? '');
    },
    get userId() {
      return holding ? holding.client.userId : (snapshot()?.userId ?? null);
    },
    get transport() {
      return holding ? holding.client.transport : (snapshot()?.transport ?? options.transport);
    },
    get contacts() {
      return holding ? holding.client.contacts : (snapshot()?.contacts ?? {});
    },
    get joinedRooms() {
      return holding ? holding.client.joinedRooms : [...(snapshot()?.joinedRooms ?? [])];
    },
    ...eventSource(emitters.client),
    session: eventSource(emitters.session),
    markers: eventSource(emitters.markers),
    chatStates: eventSource(emitters.chatStates),
    systemMessages: eventSource(emitters.systemMessages),
    lastActivity: eventSource(emitters.lastActivity),
    traffic,
    connect(given) {
      credentials = given;
      suspended = false;
      const answer = logins.wait();
      if (machine.role === 'idle') follow();
      else if (holding) void login(holding, given);
      else if (follower?.online) online();
      return answer;
    },
    disconnect: () => leave('stop'),
    suspend() {
      if (machine.role === 'idle') return;
      suspended = true;
      void leave('suspend');
    },
    resume() {
      if (!suspended || !credentials || machine.role !== 'idle') return;
      suspended = false;
      follow();
    },
    ...operations,
    messages: { ...operations.messages, ...eventSource(emitters.messages) },
    roster: { ...operations.roster, ...eventSource(emitters.roster) },
    muc: { ...operations.muc, ...eventSource(emitters.muc) },
    blocking: { ...operations.blocking, ...eventSource(emitters.blocking) },
    ping(...args: unknown[]): string {
      if (holding) return operation(holding.client, 'ping')(...args) as string;
      const callback = args.at(-1) as PingCallback;
      const id = nextId();
      const asked = invoke('ping', args.slice(0, -1)) as Promise<unknown>;
      asked.then(
        (error) => callback((error ?? null) as Parameters<PingCallback>[0]),
        (error: unknown) => callback(error as Parameters<PingCallback>[0]),
      );
      return id;
    },
  };
  return client;
}
