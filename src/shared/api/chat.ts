/**
 * Chat calls of the own API (spec §7 "Chat and consultation" and the unnamed "unread chat dialog
 * list"; spec §3 "Client info" and "Chat account info"). The dialogs and counts are the
 * chat-service stand-in's (docs/wire/hosted-chat.md §5), seen from the signed-in provider.
 * `POST /consultation/invite/doctor/consultation/end` lives in the consultation contract.
 */
import { z } from 'zod/mini';
import { DIALOG_TYPE } from '../dialog-type';
import { defineEndpoint } from './endpoint';
import { messagingQuery } from './messaging';
import { Id } from './fields';

/** Spec §3 "A default avatar is used when none": served by the server at this path. */
export const DEFAULT_AVATAR_PATH = '/api/message/qb/avatar/default.svg';

/** Spec §3 "Client info (from a chat-id lookup): name, avatar, id, userId". */
export const ClientInfo = z.object({
  /** The chat user id that was looked up (quickBloxId). */
  id: z.number().check(z.int()),
  /** The member's id in the portal (as in the client list), null for a chat user who is not a member. */
  userId: z.nullable(z.number().check(z.int())),
  name: z.string(),
  /** The member's avatar, or {@link DEFAULT_AVATAR_PATH}. */
  avatar: z.string(),
});
export type ClientInfo = z.infer<typeof ClientInfo>;

/** A call's record (src/shared/call-record.ts), as the dialog list gives its last message. */
export const CallRecordView = z.object({
  outcome: z.enum(['completed', 'canceled', 'declined', 'busy', 'missed']),
  seconds: z.nullable(z.number().check(z.int())),
  media: z.enum(['video', 'audio']),
});

export const DialogType = z.union([
  z.literal(DIALOG_TYPE.publicGroup),
  z.literal(DIALOG_TYPE.group),
  z.literal(DIALOG_TYPE.private),
]);

export const ProviderDialog = z.object({
  dialogId: z.string(),
  /** 1 public group, 2 group, 3 private (docs/wire/hosted-chat.md §5.1). */
  type: DialogType,
  /** The client's name for a private dialog, the dialog's name for a group. */
  name: z.string(),
  photo: z.nullable(z.string()),
  /** `{appId}_{dialogId}@muc.{domain}` for groups, null for private dialogs. */
  xmppRoomJid: z.nullable(z.string()),
  occupantIds: z.array(z.number().check(z.int())),
  /** The client of a private dialog. */
  client: z.nullable(ClientInfo),
  lastMessage: z.nullable(z.string()),
  /** The newest message the unread count below already covers (src/app/features/chat/unread.ts). */
  lastMessageId: z.nullable(z.string()),
  /** Unix seconds, as the chat service gives it. */
  lastMessageDateSent: z.nullable(z.number().check(z.int())),
  lastMessageUserId: z.nullable(z.number().check(z.int())),
  /**
   * The last message's call record when it is one, so the list says it in the reader's language
   * (its body is in the sender's).
   */
  lastMessageCall: z.nullable(CallRecordView),
  unreadMessagesCount: z.number().check(z.int()),
  createdAt: z.string(),
});
export type ProviderDialog = z.infer<typeof ProviderDialog>;

export const getProviderDialogs = defineEndpoint({
  id: 'getProviderDialogs',
  method: 'GET',
  path: '/message/qb/doctor/getDialogs',
  summary: "The signed-in provider's chat dialogs, newest message first, with client info and unread counts",
  tag: 'Chat',
  auth: 'token',
  query: messagingQuery({
    limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(500)), 100),
    skip: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
  }),
  response: z.object({ total: z.number().check(z.int()), items: z.array(ProviderDialog) }),
});

export const getClientByChatId = defineEndpoint({
  id: 'getClientByChatId',
  method: 'GET',
  path: '/consultation/invite/doctor/doctorInfo/ByUserQbId',
  summary:
    'Client info by chat user id (quickBloxId): name, avatar (or the default one), ids. Only for users the provider chats with, has appointments with or holds an expert report on (NOT_FOUND otherwise).',
  tag: 'Chat',
  auth: 'token',
  query: z.object({ quickBloxId: Id }),
  response: ClientInfo,
});

export const DialogUnread = z.object({
  dialogId: z.string(),
  unreadMessagesCount: z.number().check(z.int()),
});

/**
 * What a client needs to open chat-service sessions itself (docs/wire/hosted-chat.md §3.1): the app
 * credentials the vendor ships inside its apps, given here only to a signed-in provider.
 */
export const ChatApp = z.object({
  appId: z.number().check(z.int()),
  authKey: z.string(),
  authSecret: z.string(),
  /** The session signature HMAC the server expects. */
  hash: z.enum(['sha1', 'sha256']),
  /** Chat-service REST base on this origin. */
  apiPath: z.string(),
});

/** Spec §3 "Chat account info: password, items with unreadMessagesCount". */
export const ChatAccountInfo = z.object({
  login: z.string(),
  password: z.string(),
  quickBloxId: z.number().check(z.int()),
  app: ChatApp,
  /** One item per dialog of the provider. */
  items: z.array(DialogUnread),
  totalUnread: z.number().check(z.int()),
});
export type ChatAccountInfo = z.infer<typeof ChatAccountInfo>;

export const getChatAccount = defineEndpoint({
  id: 'getChatAccount',
  method: 'GET',
  path: '/message/qb/user/get',
  summary:
    "The provider's chat account: chat password, the app credentials for sessions, each dialog's unread count",
  tag: 'Chat',
  auth: 'token',
  query: messagingQuery(),
  response: ChatAccountInfo,
});

export const UnreadDialog = z.object({
  dialogId: z.string(),
  type: DialogType,
  clientChatId: z.nullable(z.number().check(z.int())),
  unreadMessagesCount: z.number().check(z.int()),
  lastMessage: z.nullable(z.string()),
  lastMessageDateSent: z.nullable(z.number().check(z.int())),
});

/** The spec's unnamed "unread chat dialog list" (red dots): only dialogs with unread messages. */
export const getUnreadDialogs = defineEndpoint({
  id: 'getUnreadDialogs',
  method: 'GET',
  path: '/message/qb/doctor/unreadDialogs',
  summary: 'Dialogs of the provider with unread messages (for red dots), newest first, and the total',
  tag: 'Chat',
  auth: 'token',
  query: messagingQuery(),
  response: z.object({ total: z.number().check(z.int()), items: z.array(UnreadDialog) }),
});
