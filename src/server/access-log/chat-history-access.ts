/**
 * Records a provider's read of chat history with members (issue 12 "Every access to a member's
 * health data is recorded … chat history"): the portal pages a dialog's history through the chat
 * service (`GET /qb/chat/Message.json`, docs/wire/hosted-chat.md §14) with the provider's chat
 * session; when the reader is a provider, one entry per member in the dialog, the dialog's id as
 * the resource. Members reading their own chats and providers reading each other are not logged.
 */
import type { Database } from '../db/database';
import { recordHealthDataAccess } from './record-access';

export async function recordChatHistoryRead(
  db: Database,
  read: { readerChatId: number; dialogId: string; occupantIds: number[]; address: string | null },
): Promise<void> {
  const provider = await db
    .selectFrom('providers')
    .select('id')
    .where('chat_id', '=', read.readerChatId)
    .executeTakeFirst();
  if (!provider) return;
  const others = read.occupantIds.filter((id) => id !== read.readerChatId);
  if (others.length === 0) return;
  const members = await db.selectFrom('members').select('id').where('chat_id', 'in', others).execute();
  for (const m of members) {
    await recordHealthDataAccess(db, {
      providerId: provider.id,
      memberId: m.id,
      kind: 'chat-history',
      resourceId: read.dialogId,
      address: read.address,
    });
  }
}
