/**
 * Records a provider's read of chat history with members (issue 12 "Every access to a member's
 * health data is recorded … chat history"): the portal pages a dialog's history through the chat
 * service (`GET /qb/chat/Message.json`, docs/wire/hosted-chat.md §14) with the provider's chat
 * session; when the reader is a provider, one entry per member in the dialog, the dialog's id as
 * the resource. Members reading their own chats and providers reading each other are not logged.
 */
import type { Database } from '../db/database';
import { DIALOG_TYPE } from '../../shared/dialog-type';
import { recordHealthDataAccess, type MemberRead } from './record-access';

const PRIVATE_DIALOG: number = DIALOG_TYPE.private;

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

/**
 * A dialog list hands out each dialog's last message (docs/security.md "Health-data access log"):
 * one `chat-preview` read per dialog whose preview is in the answer, of the member it is about —
 * the other occupant of a private dialog, the last message's author in a group.
 */
export function previewReads(
  dialogs: ReadonlyArray<{
    id: string;
    type: number;
    occupant_ids: number[];
    last_message: string | null;
    last_message_user_id: number | null;
  }>,
  readerChatId: number,
): MemberRead[] {
  return dialogs.flatMap((d) => {
    if (d.last_message === null) return [];
    const about =
      d.type === PRIVATE_DIALOG
        ? d.occupant_ids.filter((id) => id !== readerChatId)
        : d.last_message_user_id === null || d.last_message_user_id === readerChatId
          ? []
          : [d.last_message_user_id];
    return about.map((memberChatId) => ({ memberChatId, kind: 'chat-preview' as const, resourceId: d.id }));
  });
}
