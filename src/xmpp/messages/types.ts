/** Message values of docs/wire/hosted-chat.md §14 as the facade hands them out. */
import type { ExtraParams, ExtraParamsInput } from './extra-params';

/** Chat markers (XEP-0333): `markable` on what we send, `received`/`displayed` answers. */
export const MARKERS_NS = 'urn:xmpp:chat-markers:0';

export type MessageType = 'chat' | 'groupchat';

/** Which carbon copy (XEP-0280) a message arrived as, if any. */
export type CarbonDirection = 'sent' | 'received';

/** A received chat or groupchat message (wire §14.3). */
export interface ChatMessage {
  /** The stanza id: a 24-hex ObjectId from SDK peers, the history `_id` on the server. */
  id: string;
  type: MessageType;
  from: string;
  to: string;
  /** Chat id of the sender: the `from` node for chat, the occupant nickname for groupchat. */
  userId: number | null;
  /** The dialog: `extraParams/dialog_id`, else (groupchat) the room's. */
  dialogId: string | null;
  /** For carbons: the chat id the forwarded message was addressed to (wire §14.3). */
  recipientId: number | null;
  body: string | null;
  extension: ExtraParams | null;
  /** The sender asked for chat markers (XEP-0333 `<markable/>`). */
  markable: boolean;
  /** XEP-0203 delayed delivery (offline storage, room history). */
  delay: { stamp: string; from: string | null } | null;
  /** Set when the message is a carbon copy from or to another of our resources. */
  carbon: CarbonDirection | null;
}

/** A message to send (wire §14.2). */
export interface OutgoingMessage {
  /** `groupchat` for rooms; when left out, a room JID means groupchat and anything else chat. */
  type?: MessageType;
  /** Defaults to a new 24-hex ObjectId. */
  id?: string;
  body?: string;
  /** Ask the receiver for delivered/read markers. */
  markable?: boolean;
  /** The extraParams extension: put `dialog_id` and `save_to_history: 1` here to persist. */
  extension?: ExtraParamsInput;
}
