/** Building chat entries for the chat feature's unit tests. */
import type { ChatEntry } from '../../../../src/app/features/chat/entries';

let seq = 0;

export function entry(id: string, fields: Partial<ChatEntry> = {}): ChatEntry {
  seq += 1;
  return {
    id,
    dialogId: 'd1',
    senderId: 7,
    body: id,
    attachments: [],
    call: null,
    sentAt: 1_000_000,
    serverDate: 1_000,
    seq,
    onServer: true,
    failed: false,
    deliveredTo: [],
    readBy: [],
    ...fields,
  };
}
