/**
 * The history service shared by REST and Prosody's reports: records a message (once) and tells
 * the rest of the server (`chat.message.stored`), keeps group dialogs' MUC rooms in step with
 * their occupants, and sends messages into Prosody.
 */
import { roomJid, userJid } from '../../shared/chat-address';
import { sharedBlobIds } from '../blobs/attachments';
import type { ServerContext } from '../context';
import type { Database } from '../db/database';
import { afterCommit } from '../db/transaction';
import type { DialogRow } from './dialogs';
import { PUBLIC_GROUP, PRIVATE } from './dialogs';
import { storeMessages, type NewMessage } from './messages';
import { textPreview } from './preview';
import type { DeliverCommand, ProsodyBridge, RoomSpec } from './prosody-bridge';

export class ChatHistory {
  readonly #ctx: ServerContext;
  readonly bridge: ProsodyBridge;

  constructor(ctx: ServerContext, bridge: ProsodyBridge) {
    this.#ctx = ctx;
    this.bridge = bridge;
  }

  /**
   * Stores the message unless known (in `db`'s transaction when given one); emits
   * `chat.message.stored` when it was new, once committed. It shares the
   * attachments' blobs that its sender owns now, and no others (docs/security.md "File access").
   */
  async record(message: NewMessage, dialog: DialogRow, db: Database = this.#ctx.db): Promise<boolean> {
    return (await this.recordAll([{ message, dialog }], db)).has(message.id);
  }

  /**
   * `record` for several messages, in order, in one statement (storeMessages); returns the ids
   * that were new.
   */
  async recordAll(
    items: ReadonlyArray<{ message: NewMessage; dialog: DialogRow }>,
    db: Database = this.#ctx.db,
  ): Promise<Set<string>> {
    const messages: NewMessage[] = [];
    for (const { message } of items)
      messages.push({
        ...message,
        sharedBlobIds: await sharedBlobIds(db, message.senderId, message.attachments),
      });
    const stored = await storeMessages(db, messages);
    const announced = new Set<string>();
    for (const { message, dialog } of items) {
      if (!stored.has(message.id) || announced.has(message.id)) continue;
      announced.add(message.id);
      // Inside a caller's transaction the rest of the server hears of it once it is committed.
      afterCommit(db, () =>
        this.#ctx.events.emit('chat.message.stored', {
          chatDialogId: dialog.id,
          messageId: message.id,
          senderChatId: message.senderId,
          recipientChatIds: dialog.occupant_ids.filter((id) => id !== message.senderId),
          textPreview: textPreview(message.body),
          attachmentCount: message.attachments.length,
          dialogType: dialog.type,
          dateSent: message.dateSent,
        }),
      );
    }
    return stored;
  }

  jidOf(chatId: number): string {
    const { appId, domain } = this.#ctx.config.chat;
    return userJid(chatId, appId, domain);
  }

  roomOf(dialog: DialogRow): string {
    const { appId, domain } = this.#ctx.config.chat;
    return roomJid(dialog.id, appId, domain);
  }

  roomSpec(dialog: DialogRow, changedBy?: number): RoomSpec {
    return {
      jid: this.roomOf(dialog),
      name: dialog.name,
      membersOnly: dialog.type !== PUBLIC_GROUP,
      joinable: dialog.is_joinable,
      owner: this.jidOf(dialog.owner_id),
      members: dialog.occupant_ids.map((id) => this.jidOf(id)),
      ...(changedBy !== undefined ? { removedBy: this.jidOf(changedBy) } : {}),
    };
  }

  /**
   * Creates or updates the room of a group dialog (§5.1 "group dialogs get their MUC room") to
   * match it; `changedBy` is who changed its occupants (the owner's removals are kicks, §17). On
   * failure the dialog is marked not ready, so syncPendingRooms tries again when the chat server
   * is back, and the error is rethrown.
   */
  async syncRoom(dialog: DialogRow, options: { changedBy?: number } = {}): Promise<void> {
    if (dialog.type === PRIVATE) return;
    try {
      await this.bridge.ensureRoom(this.roomSpec(dialog, options.changedBy));
    } catch (error) {
      await this.#ctx.db
        .updateTable('chat_dialogs')
        .set({ room_ready: false })
        .where('id', '=', dialog.id)
        .execute();
      throw error;
    }
    if (!dialog.room_ready) {
      await this.#ctx.db
        .updateTable('chat_dialogs')
        .set({ room_ready: true })
        .where('id', '=', dialog.id)
        .execute();
    }
  }

  /** Rooms of group dialogs created while Prosody was not running (e.g. seeded ones). */
  async syncPendingRooms(): Promise<number> {
    const pending = await this.#ctx.db
      .selectFrom('chat_dialogs')
      .selectAll()
      .where('type', '<>', PRIVATE)
      .where('room_ready', '=', false)
      .execute();
    for (const dialog of pending) await this.syncRoom(dialog);
    return pending.length;
  }

  /** §5.2 `send_to_chat=1`: the stored message goes out over XMPP with stanza id = `_id`. */
  async deliver(message: NewMessage, dialog: DialogRow, extra: Record<string, unknown>): Promise<void> {
    const command: DeliverCommand = {
      type: dialog.type === PRIVATE ? 'chat' : 'groupchat',
      id: message.id,
      from: this.jidOf(message.senderId),
      to: dialog.type === PRIVATE ? this.jidOf(message.recipientId!) : this.roomOf(dialog),
      nick: String(message.senderId),
      body: message.body,
      markable: message.markable,
      extra: {
        ...extra,
        save_to_history: '1',
        dialog_id: dialog.id,
        date_sent: String(message.dateSent),
        message_id: message.id,
      },
      attachments: message.attachments,
    };
    if (dialog.type !== PRIVATE && !dialog.room_ready) await this.syncRoom(dialog);
    await this.bridge.deliver(command);
  }
}
