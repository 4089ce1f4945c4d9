/**
 * Before a page sends what an earlier page kept (docs/architecture.md §3 "Outbox"): a message
 * the earlier page sent but whose acknowledgement never came (a reload inside the stream
 * management's request delay) may already be delivered. The history holds every delivered
 * message under its stanza id (docs/wire/hosted-chat.md §21.7), so the kept messages are looked
 * up there by id and those found are dropped instead of sent again. When the history cannot
 * answer, the messages are sent: a rare duplicate beats a lost message.
 */
import type { ChatCore } from '../../../rest';
import type { StoredOutgoing } from './outbox-store';

/** Which of these message ids the dialog's history holds; throws when it cannot tell. */
export type HistoryLookup = (dialogId: string, ids: readonly string[]) => Promise<ReadonlySet<string>>;

/** How many ids one history query asks about. */
export const LOOKUP_PAGE = 100;

/** The chat-service history (`GET /chat/Message.json` with `_id[in]`, docs/wire/hosted-chat.md §5.2). */
export function historyLookup(service: ChatCore): HistoryLookup {
  return async (dialogId, ids) => {
    const page = await service.messages.list({
      chat_dialog_id: dialogId,
      '_id[in]': ids.join(','),
      limit: ids.length,
      mark_as_read: 0,
    });
    return new Set(page.items.map((message) => message._id));
  };
}

/**
 * The records still to send (read markers always), in their order; `delivered` is told each
 * record found in the history so it leaves the store.
 */
export async function undeliveredRecords(
  records: readonly StoredOutgoing[],
  lookup: HistoryLookup,
  delivered: (record: StoredOutgoing) => void,
): Promise<StoredOutgoing[]> {
  const byDialog = new Map<string, string[]>();
  for (const record of records) {
    if (record.item.kind !== 'message') continue;
    const ids = byDialog.get(record.item.dialog.id) ?? [];
    ids.push(record.key);
    byDialog.set(record.item.dialog.id, ids);
  }
  const found = new Set<string>();
  await Promise.all(
    [...byDialog].map(async ([dialogId, ids]) => {
      for (let start = 0; start < ids.length; start += LOOKUP_PAGE) {
        try {
          for (const id of await lookup(dialogId, ids.slice(start, start + LOOKUP_PAGE))) found.add(id);
        } catch (error) {
          console.warn('Chat outbox: the history could not be checked; kept messages are sent', error);
        }
      }
    }),
  );
  return records.filter((record) => {
    if (record.item.kind !== 'message' || !found.has(record.key)) return true;
    delivered(record);
    return false;
  });
}
