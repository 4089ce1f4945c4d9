/**
 * Chat addressing, docs/wire/hosted-chat.md §11, on top of the shared helpers of
 * src/shared/chat-address: user JIDs `{chatId}-{appId}@{domain}`, rooms
 * `{appId}_{dialogId}@muc.{domain}`, occupants `{room}/{userId}`.
 */
import { chatIdFromJid, mucDomainOf, roomJid, userJid } from '../../shared/chat-address';

export { chatIdFromJid, mucDomainOf, roomJid, userJid };

/** The bare JID (`node@domain`) of a JID. */
export function bareJid(jid: string): string {
  const slash = jid.indexOf('/');
  return slash === -1 ? jid : jid.slice(0, slash);
}

/** The resource of a JID, or `''`. */
export function resourceOf(jid: string): string {
  const slash = jid.indexOf('/');
  return slash === -1 ? '' : jid.slice(slash + 1);
}

/** The domain of a JID. */
export function domainOf(jid: string): string {
  const bare = bareJid(jid);
  const at = bare.indexOf('@');
  return at === -1 ? bare : bare.slice(at + 1);
}

/** Dialog id of a room JID: the node split on `_`, second piece (wire §11). */
export function dialogIdFromRoomJid(jid: string): string | null {
  const node = bareJid(jid).split('@')[0] ?? '';
  const underscore = node.indexOf('_');
  return underscore === -1 ? null : node.slice(underscore + 1);
}

/** User id of an occupant JID: its last `/` segment (the nickname is the user id). */
export function userIdFromOccupantJid(jid: string): number | null {
  const slash = jid.lastIndexOf('/');
  if (slash === -1) return null;
  const id = Number.parseInt(jid.slice(slash + 1), 10);
  return Number.isFinite(id) && id > 0 ? id : null;
}

/** Whether a JID is on the MUC service of a chat domain. */
export function isRoomJid(jid: string, domain: string): boolean {
  return domainOf(jid) === mucDomainOf(domain);
}

/** The addressing of one chat application: domain and app id bound once. */
export interface Addressing {
  readonly domain: string;
  readonly appId: number;
  readonly mucDomain: string;
  /** A user id becomes its bare JID; a string is used as given (wire §11 `jidOrUserId`). */
  jidOf(target: number | string): string;
  /** A dialog id becomes its room JID; a string containing `@` is already a room JID. */
  roomOf(dialogIdOrJid: string): string;
  userIdOf(jid: string): number | null;
}

export function createAddressing(domain: string, appId: number): Addressing {
  return {
    domain,
    appId,
    mucDomain: mucDomainOf(domain),
    jidOf: (target) => (typeof target === 'number' ? userJid(target, appId, domain) : target),
    roomOf: (dialogIdOrJid) =>
      dialogIdOrJid.includes('@') ? bareJid(dialogIdOrJid) : roomJid(dialogIdOrJid, appId, domain),
    userIdOf: (jid) => chatIdFromJid(jid),
  };
}
