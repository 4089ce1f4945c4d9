/**
 * Privacy lists, XEP-0016 as docs/wire/hosted-chat.md §18 uses them: create, get,
 * update (merge by user), names with the default and active list, delete, and choosing the
 * default (which also activates it, as the vendor SDK does) or only the active list.
 */
import type { Addressing } from '../addressing/jids';
import { StanzaError } from '../errors/errors';
import type { IqCaller } from '../iq/caller';
import {
  buildChoose,
  buildDeleteList,
  buildGetList,
  buildGetNames,
  buildListItems,
  buildSetList,
} from './build';
import { parseList, parseNames } from './parse';
import type { PrivacyList, PrivacyListNames } from './types';

export interface PrivacyApi {
  /** Creates or replaces a list. */
  create(list: PrivacyList): Promise<void>;
  getList(name: string): Promise<PrivacyList>;
  /** Merges items into a list by user (new items replace old ones); creates it if missing. */
  update(list: PrivacyList): Promise<void>;
  getNames(): Promise<PrivacyListNames>;
  delete(name: string): Promise<void>;
  /** Makes a list the default and the active one; null declines both. */
  setAsDefault(name: string | null): Promise<void>;
  /** Makes a list active for this session only; null declines. */
  setAsActive(name: string | null): Promise<void>;
}

export function createPrivacy({
  iqCaller,
  addressing,
}: {
  iqCaller: IqCaller;
  addressing: Addressing;
}): PrivacyApi {
  const userJid = (userId: number) => addressing.jidOf(userId);
  const api: PrivacyApi = {
    async create(list) {
      await iqCaller.request(buildSetList(buildListItems(list, userJid, addressing.mucDomain)), {
        suffix: 'edit',
      });
    },
    async getList(name) {
      return parseList(await iqCaller.request(buildGetList(name), { suffix: 'getlist' }), name);
    },
    async update(list) {
      let current: PrivacyList = { name: list.name, items: [] };
      try {
        current = await api.getList(list.name);
      } catch (error) {
        if (!(error instanceof StanzaError && error.condition === 'item-not-found')) throw error;
      }
      const merged = new Map(current.items.map((i) => [i.user_id, i]));
      for (const item of list.items) merged.set(item.user_id, item);
      await api.create({ name: list.name, items: [...merged.values()] });
    },
    async getNames() {
      return parseNames(await iqCaller.request(buildGetNames(), { suffix: 'getNames' }));
    },
    async delete(name) {
      await iqCaller.request(buildDeleteList(name), { suffix: 'remove' });
    },
    async setAsDefault(name) {
      await iqCaller.request(buildChoose('default', name), { suffix: 'default' });
      await iqCaller.request(buildChoose('active', name), { suffix: 'active1' });
    },
    async setAsActive(name) {
      await iqCaller.request(buildChoose('active', name), { suffix: 'active' });
    },
  };
  return api;
}
