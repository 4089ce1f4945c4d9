/** Reads roster items (RFC 6121 §2.1; wire §16) into the contacts map; pure. */
import { chatIdFromJid } from '../addressing/jids';
import type { XmlElement } from '../xml/element';

export const ROSTER_NS = 'jabber:iq:roster';

export type Subscription = 'none' | 'to' | 'from' | 'both';

/** One contact: the subscription state and a pending outgoing request (spec §4). */
export interface Contact {
  subscription: Subscription;
  ask: 'subscribe' | null;
}

/** Contacts keyed by chat id. */
export type Contacts = Record<number, Contact>;

const SUBSCRIPTIONS = new Set(['none', 'to', 'from', 'both']);

/** The items of a roster query or push: chat id → contact, or `'remove'` for a removal. */
export function parseRosterItems(query: XmlElement | undefined): Array<[number, Contact | 'remove']> {
  const out: Array<[number, Contact | 'remove']> = [];
  for (const item of query?.elements('item') ?? []) {
    const userId = chatIdFromJid(item.attrs.jid ?? '');
    if (userId === null) continue;
    const subscription = item.attrs.subscription ?? 'none';
    if (subscription === 'remove') out.push([userId, 'remove']);
    else if (SUBSCRIPTIONS.has(subscription)) {
      out.push([
        userId,
        {
          subscription: subscription as Subscription,
          ask: item.attrs.ask === 'subscribe' ? 'subscribe' : null,
        },
      ]);
    }
  }
  return out;
}
