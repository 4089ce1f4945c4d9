/**
 * Seeds chat dialogs and some history between personas (`fixtures/chat.json`), so a first
 * `npm start` shows Dr. Amelia's conversations with her clients, with unread messages. Group
 * dialogs get their MUC room when the chat-service module starts (Prosody is not up yet here).
 */
import { chatFixtures, chatIdOf } from '../../../fixtures';
import { isPrivateDialog } from '../../shared/dialog-type';
import { privateKey } from '../chat-history/dialogs';
import { newObjectId } from '../chat-history/object-id';
import type { Seeder } from './seeder';

export const seedChat: Seeder = {
  name: 'chat-dialogs',
  async run({ db, now }) {
    for (const fixture of chatFixtures.dialogs) {
      const occupants = fixture.occupants.map(chatIdOf);
      const owner = occupants[0]!;
      const first = Math.max(...fixture.messages.map((m) => m.minutesAgo)) + 5;
      const created = new Date(now - first * 60_000);
      const dialogId = newObjectId(created);
      const type = fixture.type as 2 | 3;
      await db
        .insertInto('chat_dialogs')
        .values({
          id: dialogId,
          type,
          name: 'name' in fixture ? String(fixture.name) : '',
          owner_id: owner,
          occupant_ids: [...occupants].sort((a, b) => a - b),
          private_key: isPrivateDialog(type) ? privateKey(occupants[0]!, occupants[1]!) : null,
          // docs/wire/hosted-chat.md §5.1: a group dialog is joinable unless its owner says not.
          is_joinable: !isPrivateDialog(type),
          created_at: created,
          updated_at: created,
        })
        .execute();
      let last: { id: string; body: string; dateSent: number; sender: number } | null = null;
      for (const message of [...fixture.messages].sort((a, b) => b.minutesAgo - a.minutesAgo)) {
        const sender = chatIdOf(message.from);
        const sentAt = new Date(now - message.minutesAgo * 60_000);
        const others = occupants.filter((id) => id !== sender);
        const unread = 'unread' in message && message.unread === true;
        const id = newObjectId(sentAt);
        const dateSent = Math.floor(sentAt.getTime() / 1000);
        await db
          .insertInto('chat_messages')
          .values({
            id,
            dialog_id: dialogId,
            sender_id: sender,
            recipient_id: isPrivateDialog(type) ? (others[0] ?? null) : null,
            body: message.text,
            date_sent: dateSent,
            read_ids: unread ? [sender] : [sender, ...others],
            delivered_ids: [sender, ...others],
            markable: true,
            created_at: sentAt,
            updated_at: sentAt,
          })
          .execute();
        last = { id, body: message.text, dateSent, sender };
      }
      if (last) {
        await db
          .updateTable('chat_dialogs')
          .set({
            last_message: last.body,
            last_message_id: last.id,
            last_message_date_sent: last.dateSent,
            last_message_user_id: last.sender,
            updated_at: new Date(last.dateSent * 1000),
          })
          .where('id', '=', dialogId)
          .execute();
      }
    }
  },
};
