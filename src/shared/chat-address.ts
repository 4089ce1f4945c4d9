/**
 * Chat addressing, DESIGN.md §3 and ../shared/protocols/hosted-chat-wire.md §11:
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
