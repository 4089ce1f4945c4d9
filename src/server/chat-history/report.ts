/**
 * What mod_portal_history reports (POST /internal/prosody/messages): messages with
 * save_to_history and delivered/displayed markers, one-to-one and in rooms (docs/wire/hosted-chat.md
 * §14). Each item is stored once, in order; an item that cannot belong to the history (an unknown
 * user, a dialog the sender does not occupy) is dropped and acknowledged so the queue moves on.
 */
import { z } from 'zod';
import { dialogOfRoomJid, parseChatNode } from '../../shared/chat-address';
import type { ServerContext } from '../context';
import type { Database } from '../db/database';
import { inTransaction } from '../db/transaction';
import { CLIENT_ID, OBJECT_ID } from './object-id';
import { canPost, ensurePrivateDialog, findDialog, PRIVATE, type DialogRow } from './dialogs';
import type { ChatHistory } from './history';
import { applyMarker, type NewMessage } from './messages';
import { recordArchiveRead, ReportedArchiveRead } from './archive-reads';

const Extra = z
  .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
  .transform((v) => (Array.isArray(v) ? {} : v));

const Attachments = z
  .union([z.array(z.record(z.string(), z.string())), z.record(z.string(), z.unknown())])
  .transform((v) => (Array.isArray(v) ? v : []));

const ReportedMessage = z.object({
  kind: z.literal('message'),
  type: z.enum(['chat', 'groupchat']),
  id: z.string().regex(CLIENT_ID),
  from: z.string().max(300),
  to: z.string().max(300),
  body: z.string().max(65_536).optional(),
  extra: Extra,
  attachments: Attachments.default([]),
  markable: z.boolean().default(false),
});

const ReportedMarker = z.object({
  kind: z.literal('marker'),
  marker: z.enum(['received', 'displayed']),
  id: z.string().regex(CLIENT_ID),
  from: z.string().max(300),
  to: z.string().max(300),
  dialog_id: z.string().optional(),
});

export const HistoryReport = z.object({
  items: z
    .array(
      z.union([
        ReportedMessage,
        ReportedMarker,
        ReportedArchiveRead,
        z.object({ kind: z.string() }).passthrough(),
      ]),
    )
    .max(500),
});

export type ReportOutcome = 'stored' | 'duplicate' | 'marker' | 'read' | 'dropped';

/** Extension keys the server itself manages (§14.2, §21.7); the rest are custom fields. */
const MANAGED = new Set(['save_to_history', 'dialog_id', 'date_sent', 'message_id', 'moduleIdentifier']);

export function customFields(extra: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(extra).filter(([key]) => !MANAGED.has(key)));
}

export function attachmentsOf(list: Array<Record<string, unknown>>): Array<Record<string, string | number>> {
  return list.map((a) =>
    Object.fromEntries(
      Object.entries(a).map(([k, v]) => [k, k === 'size' && /^\d+$/.test(String(v)) ? Number(v) : String(v)]),
    ),
  );
}

export function dateSentOf(extra: Record<string, unknown>, now = Date.now()): number {
  const given = Number(extra.date_sent);
  return Number.isInteger(given) && given > 0 ? given : Math.floor(now / 1000);
}

/** Report items stored in one transaction (see `processBatch`). */
const PER_TRANSACTION = 25;

/** What the items of one batch share: its known users, its dialogs, its transaction. */
interface Batch {
  known: Set<number>;
  dialogs: Map<string, DialogRow | undefined>;
  db: Database;
}

export class ReportProcessor {
  readonly #ctx: ServerContext;
  readonly #history: ChatHistory;

  constructor(ctx: ServerContext, history: ChatHistory) {
    this.#ctx = ctx;
    this.#history = history;
  }

  /** `{chatId}-{appId}@{domain}` → the chat id it names on this service, else null. */
  #chatIdOf(jid: string): number | null {
    const [node, domain] = jid.split('@');
    const parsed = parseChatNode(node ?? '');
    if (!parsed || domain !== this.#ctx.config.chat.domain || parsed.appId !== this.#ctx.config.chat.appId)
      return null;
    return parsed.chatId;
  }

  /**
   * A batch of reports, in order (docs/performance.md "Server"): the users it names are read at
   * once, each dialog once, and its items are stored PER_TRANSACTION to a transaction, so a burst
   * costs a commit per many messages rather than per message, and the messages between two other
   * items in one statement. `onDropped` hears of every item that cannot belong to the history.
   */
  async processBatch(
    items: z.infer<typeof HistoryReport>['items'],
    onDropped: (item: Record<string, unknown>) => void,
  ): Promise<Record<ReportOutcome, number>> {
    const counts: Record<ReportOutcome, number> = { stored: 0, duplicate: 0, marker: 0, read: 0, dropped: 0 };
    const batch = { known: await this.#knownUsers(items), dialogs: new Map<string, DialogRow | undefined>() };
    for (let start = 0; start < items.length; start += PER_TRANSACTION) {
      const chunk = items.slice(start, start + PER_TRANSACTION);
      const outcomes = await inTransaction(this.#ctx.db, async (db) => {
        const list: ReportOutcome[] = [];
        // Messages to store, with their places in `list`: stored in one statement before any later
        // marker or read (which may name them) and at the chunk's end.
        let waiting: Array<{ at: number; message: NewMessage; dialog: DialogRow }> = [];
        const store = async () => {
          const stored = await this.#history.recordAll(waiting, db);
          for (const { at, message } of waiting)
            list[at] = stored.delete(message.id) ? 'stored' : 'duplicate';
          waiting = [];
        };
        for (const item of chunk) {
          if (item.kind !== 'message' && waiting.length > 0) await store();
          const outcome = await this.#process(item, { ...batch, db });
          if (typeof outcome === 'string') list.push(outcome);
          else waiting.push({ at: list.push('duplicate') - 1, ...outcome });
        }
        if (waiting.length > 0) await store();
        return list;
      });
      outcomes.forEach((outcome, i) => {
        counts[outcome] += 1;
        if (outcome === 'dropped') onDropped(chunk[i]!);
      });
    }
    return counts;
  }

  /** The existing users among everyone a batch names, in one read rather than one per item. */
  async #knownUsers(items: ReadonlyArray<Record<string, unknown>>): Promise<Set<number>> {
    const ids = new Set<number>();
    for (const item of items)
      for (const jid of [item.from, item.to]) {
        const id = typeof jid === 'string' ? this.#chatIdOf(jid) : null;
        if (id !== null) ids.add(id);
      }
    if (ids.size === 0) return new Set();
    const rows = await this.#ctx.db
      .selectFrom('chat_users')
      .select('id')
      .where('id', 'in', [...ids])
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** `{chatId}-{appId}@{domain}` → chat id of an existing user, else null. */
  #userOf(jid: string, known: Set<number>): number | null {
    const id = this.#chatIdOf(jid);
    return id !== null && known.has(id) ? id : null;
  }

  /** `{appId}_{dialogId}@muc.{domain}` → the dialog id. */
  #dialogOfRoom(jid: string): string | null {
    return dialogOfRoomJid(jid, this.#ctx.config.chat.appId, this.#ctx.config.chat.domain);
  }

  /**
   * One item: a marker or a read is applied now; a message that belongs to the history comes back
   * as what to store, which processBatch stores with the messages around it.
   */
  async #process(
    item: z.infer<typeof HistoryReport>['items'][number],
    batch: Batch,
  ): Promise<ReportOutcome | { message: NewMessage; dialog: DialogRow }> {
    const { known, dialogs, db } = batch;
    const dialogOf = async (id: string) => {
      if (!dialogs.has(id)) dialogs.set(id, await findDialog(db, id));
      return dialogs.get(id);
    };
    if (item.kind === 'archive-read') {
      const read = ReportedArchiveRead.safeParse(item);
      if (!read.success) return 'dropped';
      const recorded = await recordArchiveRead(read.data, {
        db,
        chatIdOf: (jid) => this.#chatIdOf(jid),
        dialogOfRoom: async (jid) => {
          const id = this.#dialogOfRoom(jid);
          return id ? dialogOf(id) : undefined;
        },
      });
      return recorded ? 'read' : 'dropped';
    }
    if (item.kind === 'marker') {
      const marker = ReportedMarker.parse(item);
      const reader = this.#userOf(marker.from, known);
      if (reader === null) return 'dropped';
      await applyMarker(db, marker.id, reader, marker.marker);
      return 'marker';
    }
    const parsed = ReportedMessage.safeParse(item);
    if (!parsed.success) return 'dropped';
    const message = parsed.data;
    const sender = this.#userOf(message.from, known);
    if (sender === null) return 'dropped';
    let dialog: DialogRow | undefined;
    let recipient: number | null = null;
    if (message.type === 'chat') {
      recipient = this.#userOf(message.to, known);
      if (recipient === null || recipient === sender) return 'dropped';
      const given = typeof message.extra.dialog_id === 'string' ? message.extra.dialog_id : undefined;
      dialog = given ? await dialogOf(given) : undefined;
      const pair = [sender, recipient].sort((a, b) => a - b).join(',');
      if (dialog && (dialog.type !== PRIVATE || dialog.occupant_ids.join(',') !== pair)) dialog = undefined;
      if (!dialog) {
        dialog = await ensurePrivateDialog(
          db,
          sender,
          recipient,
          given && OBJECT_ID.test(given) ? given : undefined,
        );
        // The next message naming the same dialog id finds the pair's dialog at once.
        if (given) dialogs.set(given, dialog);
      }
    } else {
      const dialogId = this.#dialogOfRoom(message.to);
      dialog = dialogId ? await dialogOf(dialogId) : undefined;
      if (!dialog || dialog.type === PRIVATE || !canPost(dialog, sender)) return 'dropped';
    }
    return {
      message: {
        id: message.id,
        dialogId: dialog.id,
        senderId: sender,
        recipientId: recipient,
        body: message.body ?? '',
        dateSent: dateSentOf(message.extra),
        attachments: attachmentsOf(message.attachments),
        custom: customFields(message.extra),
        markable: message.markable,
      },
      dialog,
    };
  }
}
