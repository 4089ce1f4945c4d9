/** Reads privacy-list answers (XEP-0016; wire §18); pure. */
import { chatIdFromJid } from '../addressing/jids';
import type { XmlElement } from '../xml/element';
import { PRIVACY_NS } from './build';
import type { PrivacyList, PrivacyListItem, PrivacyListNames } from './types';

/** The list in a get answer: one entry per user, from the items naming a user JID. */
export function parseList(iq: XmlElement, name: string): PrivacyList {
  const list = iq.child('query', PRIVACY_NS)?.child('list');
  const items: PrivacyListItem[] = [];
  const sorted = [...(list?.elements('item') ?? [])].sort(
    (a, b) => Number(a.attrs.order ?? 0) - Number(b.attrs.order ?? 0),
  );
  for (const item of sorted) {
    if (item.attrs.type !== 'jid' || !item.attrs.value?.includes('@')) continue;
    const userId = chatIdFromJid(item.attrs.value);
    const action = item.attrs.action === 'allow' ? 'allow' : 'deny';
    if (userId === null || items.some((i) => i.user_id === userId)) continue;
    items.push({
      user_id: userId,
      action,
      ...(action === 'deny' && item.elements().length === 0 ? { mutualBlock: true } : {}),
    });
  }
  return { name: list?.attrs.name ?? name, items };
}

export function parseNames(iq: XmlElement): PrivacyListNames {
  const query = iq.child('query', PRIVACY_NS);
  return {
    default: query?.child('default')?.attrs.name ?? null,
    active: query?.child('active')?.attrs.name ?? null,
    names: (query?.elements('list') ?? []).map((l) => l.attrs.name ?? '').filter(Boolean),
  };
}
