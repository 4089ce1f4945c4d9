/**
 * Last activity, XEP-0012 (jabber:iq:last) as docs/wire/hosted-chat.md §15 uses
 * it: `<iq type="get" to id="…:lastActivity"><query xmlns="jabber:iq:last"/></iq>`; the answer's
 * `seconds` (0 = online).
 */
import { createEmitter, type Emitter } from '../../shared/emitter';
import { chatIdFromJid, type Addressing } from '../addressing/jids';
import { XmppError } from '../errors/errors';
import type { IqCaller } from '../iq/caller';
import { xml, type XmlElement } from '../xml/element';

export const LAST_NS = 'jabber:iq:last';

export interface LastActivityEvent {
  userId: number | null;
  /** Seconds since the user was last active; null when the query failed. */
  seconds: number | null;
}

/** What last-activity queries tell their listeners (`ChatClient.lastActivity`). */
export interface LastActivityEvents {
  /** A query ended, answered (`seconds`) or not (`seconds: null`). */
  result: LastActivityEvent;
}

export const buildLastActivity = (to: string): XmlElement =>
  xml('iq', { type: 'get', to }, xml('query', { xmlns: LAST_NS }));

/** The `seconds` of an answer, or null. */
export function parseLastActivity(iq: XmlElement): number | null {
  const seconds = Number.parseInt(iq.child('query', LAST_NS)?.attrs.seconds ?? '', 10);
  return Number.isFinite(seconds) ? seconds : null;
}

export interface LastActivityDeps {
  iqCaller: IqCaller;
  addressing: Addressing;
}

export interface LastActivityApi {
  /** Asks for a user's last activity (chat id or JID); resolves with seconds (0 = online). */
  get(userIdOrJid: number | string): Promise<number>;
  /** Every query's outcome, answered or not. */
  readonly events: Emitter<LastActivityEvents>;
}

export function createLastActivity({ iqCaller, addressing }: LastActivityDeps): LastActivityApi {
  const events = createEmitter<LastActivityEvents>();
  return {
    events,
    async get(userIdOrJid: number | string): Promise<number> {
      const to = addressing.jidOf(userIdOrJid);
      const userId = chatIdFromJid(to);
      let seconds: number | null = null;
      try {
        seconds = parseLastActivity(
          await iqCaller.request(buildLastActivity(to), { suffix: 'lastActivity' }),
        );
      } finally {
        events.emit('result', { userId, seconds });
      }
      if (seconds === null) throw new XmppError('The last-activity answer has no seconds');
      return seconds;
    },
  };
}
