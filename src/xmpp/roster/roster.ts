/**
 * The contact list and its subscription transitions, spec §4 "Contact subscription" and
 * docs/wire/hosted-chat.md §16: add → none + ask subscribe; incoming subscribe →
 * both and auto-accepted when we already see them (`to`), else the app decides; incoming
 * subscribed → both from `from`, else `to`, and the app is told; unsubscribed → none (told);
 * unsubscribe → to; confirm → from + ask subscribe, sending subscribed then subscribe; reject →
 * none, sending unsubscribed; remove deletes the contact. Roster pushes (RFC 6121 §2.1.6) keep
 * the map in step with the server and are acknowledged.
 */
import { createEmitter, type Emitter } from '../../shared/emitter';
import { bareJid, chatIdFromJid, type Addressing } from '../addressing/jids';
import type { IqCaller } from '../iq/caller';
import type { IqResponder } from '../iq/responder';
import type { XmlElement } from '../xml/element';
import { buildRosterGet, buildRosterRemove, buildSubscription } from './build';
import { parseRosterItems, ROSTER_NS, type Contact, type Contacts } from './parse';

/** What the contact list tells its listeners (`ChatClient.roster`). */
export interface RosterEvents {
  /** Someone asks to see our presence: `roster.confirm` or `roster.reject` (spec §4). */
  subscribe: { userId: number };
  /** Someone accepted our subscription request. */
  confirmSubscribe: { userId: number };
  /** Someone refused or cancelled our subscription. */
  rejectSubscribe: { userId: number };
  /** A contact came online or went offline (wire §16, only for known contacts not `none`). */
  presence: { userId: number; available: boolean };
  /** The contacts map changed (a copy of it). */
  contacts: Contacts;
}

export interface RosterDeps {
  send(stanza: XmlElement): void;
  iqCaller: IqCaller;
  responder: IqResponder;
  addressing: Addressing;
  jid(): string;
}

export interface RosterApi {
  /** A copy of the current contacts. */
  readonly contacts: Contacts;
  /** Loads the roster from the server (wire §16 `get`). */
  get(): Promise<Contacts>;
  add(userId: number): void;
  confirm(userId: number): void;
  reject(userId: number): void;
  remove(userId: number): Promise<void>;
  /** Handles subscription and availability presences; true if consumed. */
  handlePresence(stanza: XmlElement): boolean;
  /** Forgets the contacts (deliberate sign-out) and says so. */
  clear(): void;
  /** Subscription requests and answers, contacts' presence and the map's changes. */
  readonly events: Emitter<RosterEvents>;
}

export function createRoster(deps: RosterDeps): RosterApi {
  const { addressing } = deps;
  const events = createEmitter<RosterEvents>();
  let contacts: Contacts = {};

  const changed = () => events.emit('contacts', { ...contacts });
  const set = (userId: number, contact: Contact) => {
    contacts[userId] = contact;
    changed();
  };
  const subscription = (userId: number) => contacts[userId]?.subscription;
  const presence = (userId: number, type: Parameters<typeof buildSubscription>[1]) =>
    deps.send(buildSubscription(addressing.jidOf(userId), type));

  // RFC 6121 §2.1.6: a push comes from our bare JID (or the server) and MUST be answered.
  deps.responder.on('set', 'query', ROSTER_NS, (iq, query) => {
    const from = iq.attrs.from;
    if (from && bareJid(from) !== bareJid(deps.jid()) && from !== addressing.domain) return;
    for (const [userId, item] of parseRosterItems(query)) {
      if (item === 'remove') delete contacts[userId];
      else contacts[userId] = item;
    }
    changed();
  });

  return {
    events,
    get contacts() {
      return { ...contacts };
    },
    async get() {
      const result = await deps.iqCaller.request(buildRosterGet(), { suffix: 'getRoster' });
      contacts = {};
      for (const [userId, item] of parseRosterItems(result.child('query', ROSTER_NS))) {
        if (item !== 'remove') contacts[userId] = item;
      }
      changed();
      return { ...contacts };
    },
    add(userId) {
      set(userId, { subscription: 'none', ask: 'subscribe' });
      presence(userId, 'subscribe');
    },
    confirm(userId) {
      set(userId, { subscription: 'from', ask: 'subscribe' });
      presence(userId, 'subscribed');
      presence(userId, 'subscribe');
    },
    reject(userId) {
      set(userId, { subscription: 'none', ask: null });
      presence(userId, 'unsubscribed');
    },
    async remove(userId) {
      await deps.iqCaller.request(buildRosterRemove(bareJid(addressing.jidOf(userId))), { suffix: 'remove' });
      delete contacts[userId];
      changed();
    },
    handlePresence(stanza) {
      const from = stanza.attrs.from ?? '';
      const userId = chatIdFromJid(from);
      if (userId === null || bareJid(from) === bareJid(deps.jid())) return false;
      switch (stanza.attrs.type) {
        case 'subscribe':
          if (subscription(userId) === 'to') {
            set(userId, { subscription: 'both', ask: null });
            presence(userId, 'subscribed');
          } else events.emit('subscribe', { userId });
          return true;
        case 'subscribed':
          if (subscription(userId) === 'from') set(userId, { subscription: 'both', ask: null });
          else {
            set(userId, { subscription: 'to', ask: null });
            events.emit('confirmSubscribe', { userId });
          }
          return true;
        case 'unsubscribed':
          set(userId, { subscription: 'none', ask: null });
          events.emit('rejectSubscribe', { userId });
          return true;
        case 'unsubscribe':
          set(userId, { subscription: 'to', ask: contacts[userId]?.ask ?? null });
          return true;
        case undefined:
        case 'unavailable': {
          const known = subscription(userId);
          if (known !== undefined && known !== 'none')
            events.emit('presence', { userId, available: stanza.attrs.type === undefined });
          return true;
        }
        default:
          return false;
      }
    },
    clear() {
      contacts = {};
      changed();
    },
  };
}
