/**
 * Group rooms, XEP-0045 as docs/wire/hosted-chat.md §17 and spec §4 use them: join
 * with zero history, complete on the self-presence (status 110) that echoes the join id, fail
 * with the response's code (or 500) and text (or 'Unknown issue'); leave; online users through
 * disco#items (or, where the server lists none, the occupants we saw); occupants joining and
 * leaving; status 301 (and 307) removing the room from the joined set. Rooms we create are
 * accepted as instant rooms (XEP-0045 §10.1.2).
 */
import { createEmitter, type Emitter } from '../../shared/emitter';
import { dialogIdFromRoomJid, type Addressing } from '../addressing/jids';
import { TimeoutError, UNKNOWN_ISSUE, XmppError } from '../errors/errors';
import type { IqCaller } from '../iq/caller';
import type { Scheduler, TimerHandle } from '../../shared/time/scheduler';
import { bareJid } from '../addressing/jids';
import type { XmlElement } from '../xml/element';
import { buildInstantRoom, buildJoin, buildLeave, buildModeration, buildOccupantsQuery } from './build';
import { parseOccupantIds, parseRoomPresence } from './parse';

/** An occupant joined or left a room. */
export interface OccupantEvent {
  dialogId: string;
  userId: number;
}

/** Someone was kicked (307) or banned (301) from a room. */
export interface KickEvent {
  dialogId: string;
  /** Who was removed (our own id when it was us). */
  userId: number | null;
  /** Who removed them, when the server says. */
  actorId: number | null;
  /** 301 banned or 307 kicked. */
  code: 301 | 307;
  /** Whether we were the one removed; the room has then left the joined set. */
  self: boolean;
}

/** What rooms tell their listeners (`ChatClient.muc`). */
export interface MucEvents {
  joinOccupant: OccupantEvent;
  leaveOccupant: OccupantEvent;
  /** An occupant (or we, `self: true`) was kicked (307) or banned (301) from a room. */
  kick: KickEvent;
}

export interface MucDeps {
  send(stanza: XmlElement): void;
  iqCaller: IqCaller;
  addressing: Addressing;
  scheduler: Scheduler;
  timeoutMs: number;
  userId(): number | null;
}

export interface MucApi {
  /** Room JIDs we are in (or joining), for the re-join after a reconnect. */
  readonly joinedRooms: string[];
  /**
   * Joins a room by dialog id or room JID; resolves with its dialog id. A join under way is not
   * sent again, and a room we are in is not joined again (`rejoinAll` is what re-sends).
   */
  join(dialogIdOrJid: string): Promise<{ dialogId: string }>;
  /**
   * Our join of `roomJid` while it is under way: settles (never rejects) when the room answers it,
   * either way, or it times out; null when no join of that room is under way.
   */
  joining(roomJid: string): Promise<void> | null;
  /** Leaves a room; resolves when the room confirms. */
  leave(dialogIdOrJid: string): Promise<void>;
  /** The chat ids of the room's occupants (disco#items). */
  listOnlineUsers(dialogIdOrJid: string): Promise<number[]>;
  /** Kicks an occupant (moderators; status 307). */
  kick(dialogIdOrJid: string, userId: number, reason?: string): Promise<void>;
  /** Bans a user (admins and owners; status 301). */
  ban(dialogIdOrJid: string, userId: number, reason?: string): Promise<void>;
  /** Re-joins every joined room once, after a fresh (not resumed) login. */
  rejoinAll(): Promise<Array<PromiseSettledResult<{ dialogId: string }>>>;
  handlePresence(stanza: XmlElement): boolean;
  /** Forgets every room, failing the joins and leaves under way (deliberate sign-out, wire §13.4). */
  clear(): void;
  /** Occupants coming and going, and removals, as they happen. */
  readonly events: Emitter<MucEvents>;
}

interface Pending {
  id: string;
  resolve(): void;
  reject(error: Error): void;
  timer: TimerHandle;
  /** A join's request settled either way, for the posts that wait on it (`joining`). */
  settled?: Promise<void>;
  /** The join itself, for a second caller of `join` while it is under way. */
  joined?: Promise<{ dialogId: string }>;
}

export function createMuc(deps: MucDeps): MucApi {
  const { addressing, scheduler } = deps;
  const events = createEmitter<MucEvents>();
  const joined = new Set<string>();
  const occupants = new Map<string, Set<number>>();
  const joins = new Map<string, Pending>();
  const leaves = new Map<string, Pending>();
  const nick = () => String(deps.userId() ?? '');
  const dialogOf = (room: string) => dialogIdFromRoomJid(room) ?? room;

  function wait(table: Map<string, Pending>, room: string, id: string): Promise<void> {
    supersede(table, room);
    return new Promise<void>((resolve, reject) => {
      const timer = scheduler.setTimeout(() => settle(table, room, new TimeoutError()), deps.timeoutMs);
      table.set(room, { id, resolve, reject, timer });
    });
  }

  const supersede = (table: Map<string, Pending>, room: string) =>
    settle(table, room, new XmppError('Superseded by a newer request for this room'));

  function settle(table: Map<string, Pending>, room: string, error?: Error): void {
    const pending = table.get(room);
    if (!pending) return;
    table.delete(room);
    scheduler.clearTimeout(pending.timer);
    if (error) pending.reject(error);
    else pending.resolve();
  }

  function removeOccupant(room: string, userId: number | null): boolean {
    return userId !== null && (occupants.get(room)?.delete(userId) ?? false);
  }

  /** Sends a join and waits for its answer; a newer one for the room supersedes it (`wait`). */
  function sendJoin(room: string): Promise<{ dialogId: string }> {
    const presence = buildJoin(`${room}/${nick()}`);
    const done = wait(joins, room, presence.attrs.id!);
    const pending = joins.get(room)!;
    pending.settled = done.then(
      () => undefined,
      () => undefined,
    );
    joined.add(room);
    try {
      deps.send(presence);
    } catch (error) {
      settle(joins, room, error as Error);
    }
    return (pending.joined = done.then(
      () => ({ dialogId: dialogOf(room) }),
      (error: unknown) => {
        // A join superseded by a newer one (a fresh session's re-join) leaves the room to it.
        if (!joins.has(room)) joined.delete(room);
        throw error;
      },
    ));
  }

  /**
   * One join per room: a second caller while it is under way (the dialog list's follower and a
   * login; the tabs sharing this connection) waits for the same answer, and a room we are in
   * answers at once.
   */
  function join(dialogIdOrJid: string): Promise<{ dialogId: string }> {
    const room = addressing.roomOf(dialogIdOrJid);
    const pending = joins.get(room)?.joined;
    if (pending) return pending;
    return joined.has(room) ? Promise.resolve({ dialogId: dialogOf(room) }) : sendJoin(room);
  }

  async function moderate(
    dialogIdOrJid: string,
    item: Parameters<typeof buildModeration>[1],
    reason?: string,
  ) {
    await deps.iqCaller.request(buildModeration(addressing.roomOf(dialogIdOrJid), item, reason), {
      suffix: 'edit',
    });
  }

  return {
    get joinedRooms() {
      return [...joined];
    },
    join,
    joining: (roomJid) => joins.get(bareJid(roomJid))?.settled ?? null,
    async leave(dialogIdOrJid) {
      const room = addressing.roomOf(dialogIdOrJid);
      supersede(joins, room);
      joined.delete(room);
      occupants.delete(room);
      const done = wait(leaves, room, '');
      try {
        deps.send(buildLeave(`${room}/${nick()}`));
      } catch (error) {
        settle(leaves, room, error as Error);
      }
      await done;
    },
    async listOnlineUsers(dialogIdOrJid) {
      const room = addressing.roomOf(dialogIdOrJid);
      const ids = parseOccupantIds(
        await deps.iqCaller.request(buildOccupantsQuery(room), { suffix: 'muc_disco_items' }),
      );
      // Prosody 0.12 answers a room's disco#items with no items; in a room we are in, the
      // occupants' presences (XEP-0045 §7.2.3) tell us the same.
      const present = occupants.get(room);
      return ids.length === 0 && present ? [...present] : ids;
    },
    kick: (room, userId, reason) => moderate(room, { nick: String(userId), role: 'none' }, reason),
    ban: (room, userId, reason) =>
      moderate(room, { jid: bareJid(addressing.jidOf(userId)), affiliation: 'outcast' }, reason),
    rejoinAll() {
      // A fresh session's join brings every occupant's presence again (XEP-0045 §7.2.3); who left
      // while we were away sends none, so what we saw before is not kept.
      for (const room of joined) occupants.delete(room);
      return Promise.allSettled([...joined].map(sendJoin));
    },
    handlePresence(stanza) {
      const from = stanza.attrs.from ?? '';
      const room = bareJid(from);
      if (stanza.attrs.type === 'error') {
        const pending = joins.get(room);
        // RFC 6120 §8.3.1: an error stanza carries the id of the one it answers (wire §17: `…:join`).
        if (!pending || stanza.attrs.id !== pending.id) return false;
        const error = stanza.child('error');
        const code = Number.parseInt(error?.attrs.code ?? '', 10);
        settle(
          joins,
          room,
          new XmppError(error?.childText('text') || UNKNOWN_ISSUE, {
            code: Number.isFinite(code) ? code : 500,
            condition: error?.elements().find((e) => e.name !== 'text')?.name ?? null,
          }),
        );
        return true;
      }
      const presence = parseRoomPresence(stanza);
      if (!presence) return false;
      const dialogId = dialogOf(room);
      const self = presence.statuses.has(110) || presence.nick === nick();
      const removal = presence.statuses.has(301) ? 301 : presence.statuses.has(307) ? 307 : null;
      const userId = Number.parseInt(presence.nick, 10);
      const occupantId = Number.isFinite(userId) ? userId : null;
      if (self) {
        if (presence.available) {
          if (!occupants.has(room)) occupants.set(room, new Set());
          if (occupantId !== null) occupants.get(room)!.add(occupantId);
          // Wire §17: the join completes on the status-110 self-presence that echoes the join id
          // (XEP-0045 §7.2.3); any other self-presence (a stale one, a nick change) leaves it pending.
          const pending = joins.get(room);
          const completes =
            presence.statuses.has(110) && pending !== undefined && stanza.attrs.id === pending.id;
          if (presence.statuses.has(201)) {
            // XEP-0045 §10.1.1: a room we created stays locked to others until it is configured,
            // so the join completes once the instant room is accepted (or refused: not ours to
            // configure, and usable either way).
            const unlocked = () => {
              if (completes && joins.get(room) === pending) settle(joins, room);
            };
            deps.iqCaller.request(buildInstantRoom(room), { suffix: 'edit' }).then(unlocked, unlocked);
          } else if (completes) settle(joins, room);
        } else {
          occupants.delete(room);
          settle(leaves, room);
          if (removal) {
            joined.delete(room);
            events.emit('kick', {
              dialogId,
              userId: occupantId,
              actorId: presence.actorId,
              code: removal,
              self: true,
            });
          }
        }
        return true;
      }
      if (occupantId === null) return true;
      if (removal) {
        removeOccupant(room, occupantId);
        events.emit('kick', {
          dialogId,
          userId: occupantId,
          actorId: presence.actorId,
          code: removal,
          self: false,
        });
      } else if (!presence.available) {
        if (removeOccupant(room, occupantId)) events.emit('leaveOccupant', { dialogId, userId: occupantId });
      } else {
        let set = occupants.get(room);
        if (!set) occupants.set(room, (set = new Set()));
        if (!set.has(occupantId)) {
          set.add(occupantId);
          events.emit('joinOccupant', { dialogId, userId: occupantId });
        }
      }
      return true;
    },
    clear() {
      for (const table of [joins, leaves]) for (const [room] of table) supersede(table, room);
      joined.clear();
      occupants.clear();
    },
    events,
  };
}
