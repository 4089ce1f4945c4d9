/**
 * A follower's side of the shared chat connection (docs/architecture.md §3 "One chat connection
 * per browser"): it mirrors the holder's getters from its snapshots, hears its events, and asks
 * it to send and to answer requests. When the holder goes (a new one announces itself, or says it
 * is gone), what the follower asked and got no answer to is settled: requests fail as while
 * offline (ChatNotConnectedError), sends wait and go to the next holder, in order, before the
 * follower reports the connection back (`reconnect`), as the client's own stream management keeps
 * what it sent while a dropped stream resumes.
 */
import type { ChatEvents } from '../client-types';
import { ChatNotConnectedError } from '../errors/errors';
import { decodeValue, encodeValue } from './codec';
import type {
  EmitChatEvent,
  FromHolder,
  MethodName,
  ObservedEvent,
  ShareChannel,
  ShareSnapshot,
} from './protocol';

export interface FollowerDeps {
  channel: ShareChannel;
  /** This tab's id. */
  tab: string;
  /** Hands an event to this tab's listeners of its owner. */
  emit: EmitChatEvent;
  /** The holder is online for this tab: the first time, or again after a new holder or a drop. */
  onOnline(): void;
  /** The holder's first login failed. */
  onFailed(error: Error): void;
}

/** A send of this tab that no holder has confirmed yet. */
export interface UnconfirmedSend {
  method: MethodName;
  args: unknown[];
}

export interface Follower {
  /** The holder's getters as last told, or null while there is no holder. */
  readonly snapshot: ShareSnapshot | null;
  /** A holder is known and online. */
  readonly online: boolean;
  /** The rooms the last holder told of being in (kept when it goes, for the next one to rejoin). */
  readonly rooms: readonly string[];
  /** Asks the holder and resolves with its answer; rejects with ChatNotConnectedError without a holder. */
  request(method: MethodName, args: unknown[]): Promise<unknown>;
  /** Hands a send to the holder; it is sent again to the next holder if this one goes first. */
  send(method: MethodName, args: unknown[]): void;
  /** Hands an operation without an answer to the holder (typing, a reconnect), if there is one. */
  fire(method: MethodName, args: unknown[]): void;
  /** Asks the holder to relay an observed event (or to stop). */
  observe(event: ObservedEvent, on: boolean): void;
  /**
   * Stops following; answers what was not confirmed (for a tab that takes over and sends it
   * itself), and where the connection stood for this tab: online, gone under it (it was told
   * `disconnected` and waits for `reconnect`), or never online.
   */
  stop(): { unconfirmed: UnconfirmedSend[]; connection: 'online' | 'interrupted' | 'never' };
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  /** A send: kept until confirmed, sent again to the next holder. */
  send: UnconfirmedSend | null;
}

export function createFollower(deps: FollowerDeps): Follower {
  const { channel, tab } = deps;
  let holder: string | null = null;
  const gone = new Set<string>();
  let snapshot: ShareSnapshot | null = null;
  let rooms: readonly string[] = [];
  let online = false;
  /** The connection went away under this tab (a drop, or its holder went): `reconnect` follows. */
  let interrupted = false;
  let seq = 0;
  const pending = new Map<number, Pending>();
  /** Sends waiting for the next holder, in order. */
  let waiting: UnconfirmedSend[] = [];
  const observing = new Set<ObservedEvent>();

  function call(method: MethodName, args: unknown[], send: UnconfirmedSend | null): Promise<unknown> {
    if (holder === null) return Promise.reject(new ChatNotConnectedError());
    const id = ++seq;
    const answer = new Promise<unknown>((resolve, reject) => pending.set(id, { resolve, reject, send }));
    channel.post({ kind: 'call', tab, holder, seq: id, method, args: encodeValue(args) as unknown[] });
    return answer;
  }

  function sendNow(send: UnconfirmedSend): void {
    call(send.method, send.args, send).catch((error: unknown) => {
      if (error instanceof ChatNotConnectedError) {
        if (!waiting.includes(send)) waiting.push(send);
      } else {
        deps.emit('client', 'error', error as ChatEvents['client']['error']);
      }
    });
  }

  /** The holder went: answers fail, sends wait, and the tab hears the connection is down. */
  function holderLost(next: string | null): void {
    if (holder !== null) gone.add(holder);
    holder = next;
    snapshot = null;
    const unanswered = [...pending.values()];
    pending.clear();
    for (const p of unanswered) {
      if (p.send) waiting.push(p.send);
      p.reject(new ChatNotConnectedError());
    }
    if (online) {
      online = false;
      interrupted = true;
      deps.emit('session', 'disconnected', {
        intentional: false,
        condition: 'holder-gone',
        willReconnect: true,
      });
    }
    if (next !== null) {
      channel.post({ kind: 'hello', tab });
      for (const event of observing) channel.post({ kind: 'observe', tab, event, on: true });
    }
  }

  function adopt(next: string): boolean {
    if (gone.has(next)) return false;
    if (holder !== next) holderLost(next);
    return true;
  }

  function onSnapshot(next: ShareSnapshot): void {
    snapshot = { ...next, contacts: next.contacts ?? snapshot?.contacts };
    rooms = next.joinedRooms;
    if (next.isConnected && !online) {
      online = true;
      const resend = waiting;
      waiting = [];
      for (const send of resend) sendNow(send);
      if (interrupted) {
        interrupted = false;
        deps.emit('client', 'reconnect', undefined);
      }
      deps.onOnline();
    } else if (!next.isConnected && online) {
      online = false;
      interrupted = true;
    }
  }

  function onMessage(message: FromHolder): void {
    switch (message.kind) {
      case 'holder':
        adopt(message.holder);
        return;
      case 'gone':
        if (message.holder === holder) holderLost(null);
        gone.add(message.holder);
        return;
      case 'snapshot':
        if (adopt(message.holder)) onSnapshot(message.snapshot);
        return;
      case 'event':
        if (message.holder !== holder || message.except === tab) return;
        if (message.to !== undefined && message.to !== tab) return;
        // A resumed or re-established stream is the relayed event's news, not a takeover's.
        if (
          (message.owner === 'client' && message.event === 'reconnect') ||
          (message.owner === 'session' && message.event === 'resumed')
        )
          interrupted = false;
        deps.emit(message.owner, message.event as never, decodeValue(message.payload) as never);
        return;
      case 'result': {
        if (message.tab !== tab || message.holder !== holder) return;
        const waiter = pending.get(message.seq);
        pending.delete(message.seq);
        const value = decodeValue(message.value);
        if (message.ok) waiter?.resolve(value);
        else waiter?.reject(value);
        return;
      }
      case 'failed':
        if (message.holder === holder) deps.onFailed(decodeValue(message.error) as Error);
        return;
    }
  }

  const stopListening = channel.listen((message) => {
    if (
      message.kind === 'hello' ||
      message.kind === 'call' ||
      message.kind === 'observe' ||
      message.kind === 'bye'
    )
      return;
    onMessage(message);
  });
  channel.post({ kind: 'hello', tab });

  return {
    get snapshot() {
      return snapshot;
    },
    get online() {
      return online;
    },
    get rooms() {
      return rooms;
    },
    request: (method, args) => call(method, args, null),
    send(method, args) {
      if (!online) throw new ChatNotConnectedError();
      sendNow({ method, args });
    },
    fire(method, args) {
      if (holder !== null) void call(method, args, null).catch(() => undefined);
    },
    observe(event, on) {
      if (on) observing.add(event);
      else observing.delete(event);
      channel.post({ kind: 'observe', tab, event, on });
    },
    stop() {
      stopListening();
      channel.post({ kind: 'bye', tab });
      const unconfirmed = [...waiting, ...[...pending.values()].flatMap((p) => (p.send ? [p.send] : []))];
      for (const p of pending.values()) p.reject(new ChatNotConnectedError());
      pending.clear();
      waiting = [];
      const connection = online ? 'online' : interrupted ? 'interrupted' : 'never';
      online = false;
      return { unconfirmed, connection };
    },
  };
}
