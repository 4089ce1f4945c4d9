/**
 * Privacy-list requests, XEP-0016 as docs/wire/hosted-chat.md §18 sends them: per
 * user (ascending chat id, index k) two items, order 2k+1 for the user's JID and 2k+2 for
 * `muc.{domain}/{userId}`; a mutual block (deny) is an empty item — everything, both ways —
 * and every other item names message, presence-in, presence-out and iq.
 */
import { xml, type XmlElement } from '../xml/element';
import type { PrivacyList } from './types';

export const PRIVACY_NS = 'jabber:iq:privacy';

const query = (...children: XmlElement[]) => xml('query', { xmlns: PRIVACY_NS }, ...children);

export function buildListItems(
  list: PrivacyList,
  userJid: (userId: number) => string,
  mucDomain: string,
): XmlElement {
  const byUser = new Map<number, PrivacyList['items'][number]>();
  for (const item of list.items) byUser.set(Number(item.user_id), item);
  const users = [...byUser.keys()].sort((a, b) => a - b);
  const element = xml('list', { name: list.name });
  users.forEach((userId, k) => {
    const item = byUser.get(userId)!;
    const kinds =
      item.mutualBlock && item.action === 'deny'
        ? []
        : ['message', 'presence-in', 'presence-out', 'iq'].map((kind) => xml(kind));
    for (const [order, value] of [
      [2 * k + 1, userJid(userId)],
      [2 * k + 2, `${mucDomain}/${userId}`],
    ] as const) {
      element.append(
        xml(
          'item',
          { type: 'jid', value, action: item.action, order },
          kinds.map((e) => e.clone()),
        ),
      );
    }
  });
  return element;
}

export const buildSetList = (list: XmlElement): XmlElement => xml('iq', { type: 'set' }, query(list));

export const buildGetList = (name: string): XmlElement =>
  xml('iq', { type: 'get' }, query(xml('list', { name })));

export const buildGetNames = (): XmlElement => xml('iq', { type: 'get' }, query());

export const buildDeleteList = (name: string): XmlElement =>
  xml('iq', { type: 'set' }, query(xml('list', { name })));

/** `<default/>` or `<active/>` naming a list; without a name it declines (XEP-0016 §2.4, §2.5). */
export const buildChoose = (which: 'default' | 'active', name: string | null): XmlElement =>
  xml('iq', { type: 'set' }, query(xml(which, { name: name || undefined })));
