/** Roster requests and subscription presences (RFC 6121 §2–3; wire §16). */
import { xml, type XmlElement } from '../xml/element';
import { ROSTER_NS } from './parse';

export const buildRosterGet = (): XmlElement =>
  xml('iq', { type: 'get' }, xml('query', { xmlns: ROSTER_NS }));

export const buildRosterRemove = (jid: string): XmlElement =>
  xml(
    'iq',
    { type: 'set' },
    xml('query', { xmlns: ROSTER_NS }, xml('item', { jid, subscription: 'remove' })),
  );

export type SubscriptionPresence = 'subscribe' | 'subscribed' | 'unsubscribe' | 'unsubscribed';

export const buildSubscription = (to: string, type: SubscriptionPresence): XmlElement =>
  xml('presence', { to, type });
