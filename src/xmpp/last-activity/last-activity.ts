/**
 * Last activity, XEP-0012 (jabber:iq:last) as docs/wire/hosted-chat.md §15 uses
 * it: `<iq type="get" to id="…:lastActivity"><query xmlns="jabber:iq:last"/></iq>`; the answer's
 * `seconds` (0 = online).
 */
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
  onLastActivity(event: LastActivityEvent): void;
}

export function createLastActivity({ iqCaller, addressing, onLastActivity }: LastActivityDeps) {
  return {
    /** Asks for a user's last activity (chat id or JID); resolves with seconds (0 = online). */
    async get(userIdOrJid: number | string): Promise<number> {
      const to = addressing.jidOf(userIdOrJid);
      const userId = chatIdFromJid(to);
      let seconds: number | null = null;
      try {
        seconds = parseLastActivity(
          await iqCaller.request(buildLastActivity(to), { suffix: 'lastActivity' }),
        );
      } finally {
        onLastActivity({ userId, seconds });
      }
      if (seconds === null) throw new XmppError('The last-activity answer has no seconds');
      return seconds;
    },
  };
}
