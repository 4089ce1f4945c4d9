/** XEP-0045 stanzas as docs/wire/hosted-chat.md §17 sends them. */
import { stanzaId } from '../addressing/ids';
import { xml, type XmlElement } from '../xml/element';

export const MUC_NS = 'http://jabber.org/protocol/muc';
export const MUC_USER_NS = `${MUC_NS}#user`;
export const MUC_ADMIN_NS = `${MUC_NS}#admin`;
export const MUC_OWNER_NS = `${MUC_NS}#owner`;
export const DISCO_ITEMS_NS = 'http://jabber.org/protocol/disco#items';
const DATA_NS = 'jabber:x:data';

/** Join with zero history (spec §9 "Room join requests zero history"), id `{uuid}:join`. */
export const buildJoin = (occupant: string): XmlElement =>
  xml(
    'presence',
    { id: stanzaId('join'), to: occupant },
    xml('x', { xmlns: MUC_NS }, xml('history', { maxstanzas: 0 })),
  );

export const buildLeave = (occupant: string): XmlElement =>
  xml('presence', { type: 'unavailable', to: occupant });

/** disco#items of a room: its occupants (wire §17 `listOnlineUsers`). */
export const buildOccupantsQuery = (room: string): XmlElement =>
  xml('iq', { type: 'get', to: room }, xml('query', { xmlns: DISCO_ITEMS_NS }));

/** XEP-0045 §10.1.2: accept the default configuration of a room we just created (instant room). */
export const buildInstantRoom = (room: string): XmlElement =>
  xml(
    'iq',
    { type: 'set', to: room },
    xml('query', { xmlns: MUC_OWNER_NS }, xml('x', { xmlns: DATA_NS, type: 'submit' })),
  );

/** XEP-0045 §8.2 kick (role none, status 307) or §9.1 ban (affiliation outcast, status 301). */
export function buildModeration(
  room: string,
  item: { nick: string; role: 'none' } | { jid: string; affiliation: 'outcast' },
  reason?: string,
): XmlElement {
  return xml(
    'iq',
    { type: 'set', to: room },
    xml(
      'query',
      { xmlns: MUC_ADMIN_NS },
      xml('item', item, reason !== undefined && xml('reason', {}, reason)),
    ),
  );
}
