/**
 * Chat addressing, docs/architecture.md §3 and docs/wire/hosted-chat.md §11:
 * user JID `{chatId}-{appId}@{domain}`, room JID `{appId}_{dialogId}@muc.{domain}`.
 */
export function userJid(chatId: number, appId: number, domain: string): string {
  return `${chatId}-${appId}@${domain}`;
}

export function mucDomainOf(domain: string): string {
  return `muc.${domain}`;
}

export function roomJid(dialogId: string, appId: number, domain: string): string {
  return `${appId}_${dialogId}@${mucDomainOf(domain)}`;
}

/** The dialog id of a room JID of this application and domain (the inverse of roomJid); else null. */
export function dialogOfRoomJid(jid: string, appId: number, domain: string): string | null {
  const [node, host] = jid.split('/')[0]!.split('@');
  const match = /^(\d+)_([A-Za-z0-9]+)$/.exec(node ?? '');
  return match && Number(match[1]) === appId && host === mucDomainOf(domain) ? match[2]! : null;
}

/** The chat id of a user JID's node: the part before `@`, split on `-`, first piece. */
export function chatIdFromJid(jid: string): number | null {
  const node = jid.split('@')[0] ?? '';
  const id = Number.parseInt(node.split('-')[0] ?? '', 10);
  return Number.isFinite(id) && id > 0 ? id : null;
}

/** Parses a Prosody username (`{chatId}-{appId}`) into its parts. */
export function parseChatNode(node: string): { chatId: number; appId: number } | null {
  const match = /^(\d{1,15})-(\d{1,15})$/.exec(node);
  if (!match) return null;
  return { chatId: Number(match[1]), appId: Number(match[2]) };
}
