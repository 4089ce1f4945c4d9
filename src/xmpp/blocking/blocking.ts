/**
 * Blocking Command, XEP-0191 (urn:xmpp:blocking): the account's block list beside privacy lists —
 * block and unblock users (chat id or JID), read the list as chat ids, and hear of changes made
 * by any of the account's resources (the server's pushes, §3.3 and §3.4). Unlike a privacy
 * list's default (XEP-0016 §2.5), it can be changed while other resources are online: the
 * portal keeps its blocked members here (docs/wire/hosted-chat.md §18).
 */
import { createEmitter, type Emitter } from '../../shared/emitter';
import { bareJid, chatIdFromJid, type Addressing } from '../addressing/jids';
import type { IqCaller } from '../iq/caller';
import type { IqResponder } from '../iq/responder';
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

/** A change of the block list the server pushed (XEP-0191 §3.3, §3.4). */
export type BlockingPush =
  | { kind: 'block'; userIds: number[] }
  | { kind: 'unblock'; userIds: number[] }
  /** `<unblock/>` without items: nobody is blocked any more. */
  | { kind: 'unblock-all' };

/** What the block list tells its listeners (`ChatClient.blocking`). */
export interface BlockingEvents {
  /**
   * The account's block list changed (XEP-0191 push), by this resource or another of the account's;
   * pushes come once `blocking.list()` was asked on this stream.
   */
  changed: BlockingPush;
}

export interface BlockingApi {
  /**
   * The blocked users as chat ids (JIDs that are not users are left out). Asking also subscribes
   * this resource to the server's pushes (XEP-0191 §3.3: sent to resources that asked).
   */
  list(): Promise<number[]>;
  block(users: Array<number | string>): Promise<void>;
  /** Unblocks these users; an empty array unblocks everyone. */
  unblock(users: Array<number | string>): Promise<void>;
}

const userIds = (element: XmlElement) =>
  element
    .elements('item')
    .map((i) => chatIdFromJid(i.attrs.jid ?? ''))
    .filter((id): id is number => id !== null);

export function createBlocking({
  iqCaller,
  responder,
  addressing,
  jid,
}: {
  iqCaller: IqCaller;
  responder: IqResponder;
  addressing: Addressing;
  /** Our full JID: pushes come from our own account. */
  jid(): string;
}): BlockingApi & { readonly events: Emitter<BlockingEvents> } {
  const events = createEmitter<BlockingEvents>();
  const onPush = (push: BlockingPush) => events.emit('changed', push);
  const jids = (users: Array<number | string>) => users.map((u) => bareJid(addressing.jidOf(u)));
  // XEP-0191 §3.3: a push comes from the account itself (no `from`, or our bare JID) and is answered.
  const fromUs = (iq: XmlElement) => !iq.attrs.from || bareJid(iq.attrs.from) === bareJid(jid());
  responder.on('set', 'block', BLOCKING_NS, (iq, block) => {
    if (fromUs(iq)) onPush({ kind: 'block', userIds: userIds(block) });
  });
  responder.on('set', 'unblock', BLOCKING_NS, (iq, unblock) => {
    if (!fromUs(iq)) return;
    onPush(
      unblock.elements('item').length === 0
        ? { kind: 'unblock-all' }
        : { kind: 'unblock', userIds: userIds(unblock) },
    );
  });
  return {
    events,
    async list() {
      const answer = await iqCaller.request(buildBlocklistGet(), { suffix: 'blocklist' });
      const list = answer.child('blocklist', BLOCKING_NS);
      return list ? userIds(list) : [];
    },
    async block(users) {
      await iqCaller.request(buildBlock(jids(users)), { suffix: 'block' });
    },
    async unblock(users) {
      await iqCaller.request(buildUnblock(jids(users)), { suffix: 'unblock' });
    },
  };
}
