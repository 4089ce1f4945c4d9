/**
 * Blocking Command, XEP-0191 (urn:xmpp:blocking): the simple block list beside privacy lists —
 * block and unblock users (chat id or JID) and read the list as chat ids.
 */
import { bareJid, chatIdFromJid, type Addressing } from '../addressing/jids';
import type { IqCaller } from '../iq/caller';
import { xml, type XmlElement } from '../xml/element';

export const BLOCKING_NS = 'urn:xmpp:blocking';

const items = (jids: string[]) => jids.map((jid) => xml('item', { jid }));

export const buildBlocklistGet = (): XmlElement =>
  xml('iq', { type: 'get' }, xml('blocklist', { xmlns: BLOCKING_NS }));
export const buildBlock = (jids: string[]): XmlElement =>
  xml('iq', { type: 'set' }, xml('block', { xmlns: BLOCKING_NS }, items(jids)));
/** Unblocks these JIDs; none unblocks everyone (XEP-0191 §3.4). */
export const buildUnblock = (jids: string[]): XmlElement =>
  xml('iq', { type: 'set' }, xml('unblock', { xmlns: BLOCKING_NS }, items(jids)));

export interface BlockingApi {
  /** The blocked users as chat ids (JIDs that are not users are left out). */
  list(): Promise<number[]>;
  block(users: Array<number | string>): Promise<void>;
  /** Unblocks these users; an empty array unblocks everyone. */
  unblock(users: Array<number | string>): Promise<void>;
}

export function createBlocking({
  iqCaller,
  addressing,
}: {
  iqCaller: IqCaller;
  addressing: Addressing;
}): BlockingApi {
  const jids = (users: Array<number | string>) => users.map((u) => bareJid(addressing.jidOf(u)));
  return {
    async list() {
      const answer = await iqCaller.request(buildBlocklistGet(), { suffix: 'blocklist' });
      return (answer.child('blocklist', BLOCKING_NS)?.elements('item') ?? [])
        .map((i) => chatIdFromJid(i.attrs.jid ?? ''))
        .filter((id): id is number => id !== null);
    },
    async block(users) {
      await iqCaller.request(buildBlock(jids(users)), { suffix: 'block' });
    },
    async unblock(users) {
      await iqCaller.request(buildUnblock(jids(users)), { suffix: 'unblock' });
    },
  };
}
