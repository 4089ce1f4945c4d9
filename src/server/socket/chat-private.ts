/**
 * `/connect/chat-private` (spec §7): a user chat message (spec §3 "user chat") is checked, stored
 * once per (sender, clientMsgId), handed to the receiver's open sockets, and acknowledged to the
 * sender on /queue/chat-private with a chat server event carrying its status (spec §3 statuses:
 * RECEIVED when a socket of the receiver took it, SENT_TO_SERVER otherwise, FAIL with the event
 * type NOT_A_MEMBER, SENSITIVE_WORDS or FAILED_MESSAGE when refused).
 */
import { randomUUID } from 'node:crypto';
import { APP_SOCKET_SUBSCRIPTIONS } from '../../shared/app-socket';
import type { ServerContext } from '../context';
import { ChatEvent, ChatStatus, ServerType, type ReplyItem, type UserChatIn } from './codec';
import type { SocketRegistry } from './registry';
import type { SocketSession } from './socket-session';

const QUEUE = APP_SOCKET_SUBSCRIPTIONS.chatPrivate.destination;
const MAX_ITEMS = 20;
const MAX_TEXT = 4096;

export function containsSensitiveWord(items: readonly ReplyItem[], words: readonly string[]): boolean {
  if (words.length === 0) return false;
  const text = items
    .map((i) => [i.text?.text, i.line?.text, i.button?.text].filter(Boolean).join(' '))
    .join(' ')
    .toLowerCase();
  return words.some((w) =>
    new RegExp(`(^|\\W)${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|\\W)`, 'u').test(text),
  );
}

/** Why a message is refused before it is stored, or null. */
export function problemWith(chat: UserChatIn, senderChatId: number): string | null {
  const id = chat.clientMsgId ?? '';
  if (id.length < 1 || id.length > 64) return 'clientMsgId must have 1-64 characters';
  const items = chat.items ?? [];
  if (items.length < 1 || items.length > MAX_ITEMS) return `A message has 1-${MAX_ITEMS} items`;
  const kinds = items.map(
    (i) => ['text', 'image', 'line', 'button'].filter((k) => i[k as keyof ReplyItem]).length,
  );
  if (kinds.some((n) => n !== 1)) return 'Every item has exactly one kind';
  const textLength = items.reduce((n, i) => n + (i.text?.text?.length ?? 0), 0);
  if (textLength > MAX_TEXT) return `Text is limited to ${MAX_TEXT} characters`;
  if (!chat.receiverChatId || chat.receiverChatId === senderChatId)
    return 'receiverChatId must name someone else';
  return null;
}

export async function handleUserChat(
  ctx: ServerContext,
  registry: SocketRegistry,
  session: SocketSession,
  chat: UserChatIn,
  sensitiveWords: readonly string[],
): Promise<void> {
  const sender = session.auth!.chatId;
  const clientMsgId = chat.clientMsgId ?? '';
  const answer = (type: number, status: number, extra: { serverMsgId?: string; reason?: string } = {}) =>
    session.deliver(QUEUE, {
      type: ServerType.CHAT_EVENT,
      chatEvent: { type, clientMsgId, status, serverTime: Date.now(), ...extra },
    });

  const problem = problemWith(chat, sender);
  if (problem) return void answer(ChatEvent.FAILED_MESSAGE, ChatStatus.FAIL, { reason: problem });
  const receiver = chat.receiverChatId!;
  const known = await ctx.db
    .selectFrom('chat_users')
    .select('id')
    .where('id', '=', receiver)
    .executeTakeFirst();
  if (!known)
    return void answer(ChatEvent.NOT_A_MEMBER, ChatStatus.FAIL, { reason: `No chat user ${receiver}` });
  if (containsSensitiveWord(chat.items!, sensitiveWords)) {
    return void answer(ChatEvent.SENSITIVE_WORDS, ChatStatus.FAIL, {
      reason: 'The message contains a refused word',
    });
  }

  const inserted = await ctx.db
    .insertInto('app_chat_messages')
    .values({
      server_msg_id: randomUUID(),
      client_msg_id: clientMsgId,
      sender_chat_id: sender,
      receiver_chat_id: receiver,
      items: JSON.stringify(chat.items),
      status: ChatStatus.SENT_TO_SERVER,
      client_time: chat.clientTime ? new Date(chat.clientTime) : null,
    })
    .onConflict((oc) => oc.columns(['sender_chat_id', 'client_msg_id']).doNothing())
    .returning(['server_msg_id', 'server_time'])
    .executeTakeFirst();
  if (!inserted) {
    // A resend of a message already stored: the same answer, no second delivery.
    const stored = await ctx.db
      .selectFrom('app_chat_messages')
      .select(['server_msg_id', 'status'])
      .where('sender_chat_id', '=', sender)
      .where('client_msg_id', '=', clientMsgId)
      .executeTakeFirstOrThrow();
    return void answer(ChatEvent.MESSAGE_RECEIVED, stored.status, { serverMsgId: stored.server_msg_id });
  }

  const outgoing = {
    ...chat,
    serverMsgId: inserted.server_msg_id,
    serverTime: inserted.server_time.getTime(),
    senderChatId: sender,
    status: ChatStatus.RECEIVED,
  };
  const delivered = registry
    .forChatId(receiver)
    .map((s) => s.deliver(QUEUE, { type: ServerType.USER_CHAT, userChat: outgoing }))
    .some(Boolean);
  if (delivered) {
    await ctx.db
      .updateTable('app_chat_messages')
      .set({ status: ChatStatus.RECEIVED })
      .where('server_msg_id', '=', inserted.server_msg_id)
      .execute();
  }
  answer(ChatEvent.MESSAGE_RECEIVED, delivered ? ChatStatus.RECEIVED : ChatStatus.SENT_TO_SERVER, {
    serverMsgId: inserted.server_msg_id,
  });
}
