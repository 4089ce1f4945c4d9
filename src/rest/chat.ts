/**
 * Own-API chat calls (spec §7 "Chat and consultation"; src/shared/api/chat.ts); the ones under
 * `/message/` carry the platform of spec §6.
 */
import * as chat from '../shared/api/chat';
import type { ApiClient, CallExtra as Extra } from './client';
import { messaging } from './messaging';

export const chatApi = (api: ApiClient) => ({
  /** The provider's dialogs with client info and unread counts. */
  dialogs: (query: { limit?: number; skip?: number } = {}, extra?: Extra) =>
    api.call(chat.getProviderDialogs, { query: messaging(query), ...extra }),
  /** Client info by chat user id (quickBloxId). */
  clientByChatId: (quickBloxId: number, extra?: Extra) =>
    api.call(chat.getClientByChatId, { query: { quickBloxId }, ...extra }),
  /** Chat password and unread count per dialog. */
  account: (extra?: Extra) => api.call(chat.getChatAccount, { query: messaging(), ...extra }),
  /** Dialogs with unread messages, for red dots. */
  unreadDialogs: (extra?: Extra) => api.call(chat.getUnreadDialogs, { query: messaging(), ...extra }),
});
