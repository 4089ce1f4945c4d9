/** Reads room presences (XEP-0045 §7.2, wire §17); pure. */
import { bareJid, chatIdFromJid, resourceOf } from '../addressing/jids';
import type { XmlElement } from '../xml/element';
import { DISCO_ITEMS_NS, MUC_USER_NS } from './build';

export interface RoomPresence {
  room: string;
  nick: string;
  available: boolean;
  /** XEP-0045 status codes: 110 self, 201 created, 301 banned, 307 kicked, … */
  statuses: Set<number>;
  /** The chat id of whoever kicked or banned, from `<item><actor jid/>` (wire §17). */
  actorId: number | null;
}

/** The room presence in a stanza, or null if it has no `<x xmlns="…muc#user"/>`. */
export function parseRoomPresence(stanza: XmlElement): RoomPresence | null {
  const x = stanza.child('x', MUC_USER_NS);
  if (!x) return null;
  const from = stanza.attrs.from ?? '';
  const statuses = new Set(
    x
      .elements('status')
      .map((s) => Number.parseInt(s.attrs.code ?? '', 10))
      .filter(Number.isFinite),
  );
  const actor = x.child('item')?.child('actor');
  return {
    room: bareJid(from),
    nick: resourceOf(from),
    available: stanza.attrs.type !== 'unavailable',
    statuses,
    actorId: actor?.attrs.jid ? chatIdFromJid(actor.attrs.jid) : null,
  };
}

/** User ids of a room's disco#items (each item `jid="room/userId"`). */
export function parseOccupantIds(iq: XmlElement): number[] {
  const ids: number[] = [];
  for (const item of iq.child('query', DISCO_ITEMS_NS)?.elements('item') ?? []) {
    const id = Number.parseInt(resourceOf(item.attrs.jid ?? ''), 10);
    if (Number.isFinite(id)) ids.push(id);
  }
  return ids;
}
