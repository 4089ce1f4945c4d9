/**
 * What mod_portal_history reports (POST /internal/prosody/messages): messages with
 * save_to_history and delivered/displayed markers, one-to-one and in rooms (docs/wire/hosted-chat.md
 * §14). Each item is stored once, in order; an item that cannot belong to the history (an unknown
 * user, a dialog the sender does not occupy) is dropped and acknowledged so the queue moves on.
 */
import { z } from 'zod';
import { dialogOfRoomJid, parseChatNode } from '../../shared/chat-address';
import type { ServerContext } from '../context';
import { CLIENT_ID, OBJECT_ID } from './object-id';
import { canPost, ensurePrivateDialog, findDialog, PRIVATE, type DialogRow } from './dialogs';
import type { ChatHistory } from './history';
import { applyMarker } from './messages';

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
    .array(z.union([ReportedMessage, ReportedMarker, z.object({ kind: z.string() }).passthrough()]))
    .max(500),
});

export type ReportOutcome = 'stored' | 'duplicate' | 'marker' | 'dropped';

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
   * The existing users among everyone a batch names, in one read rather than one per item
   * (docs/architecture.md §4 "Server"): pass it to `process` for each item of the batch.
   */
  async knownUsers(items: ReadonlyArray<Record<string, unknown>>): Promise<Set<number>> {
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
  async #userOf(jid: string, known?: Set<number>): Promise<number | null> {
    const id = this.#chatIdOf(jid);
    if (id === null) return null;
    if (known) return known.has(id) ? id : null;
    const row = await this.#ctx.db
      .selectFrom('chat_users')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** `{appId}_{dialogId}@muc.{domain}` → the dialog id. */
  #dialogOfRoom(jid: string): string | null {
    return dialogOfRoomJid(jid, this.#ctx.config.chat.appId, this.#ctx.config.chat.domain);
  }

  async process(
    item: z.infer<typeof HistoryReport>['items'][number],
    known?: Set<number>,
  ): Promise<ReportOutcome> {
    if (item.kind === 'marker') {
      const marker = ReportedMarker.parse(item);
      const reader = await this.#userOf(marker.from, known);
      if (reader === null) return 'dropped';
      await applyMarker(this.#ctx.db, marker.id, reader, marker.marker);
      return 'marker';
    }
    const parsed = ReportedMessage.safeParse(item);
    if (!parsed.success) return 'dropped';
    const message = parsed.data;
    const sender = await this.#userOf(message.from, known);
    if (sender === null) return 'dropped';
    let dialog: DialogRow | undefined;
    let recipient: number | null = null;
    if (message.type === 'chat') {
      recipient = await this.#userOf(message.to, known);
      if (recipient === null || recipient === sender) return 'dropped';
      const given = typeof message.extra.dialog_id === 'string' ? message.extra.dialog_id : undefined;
      dialog = given ? await findDialog(this.#ctx.db, given) : undefined;
      const pair = [sender, recipient].sort((a, b) => a - b).join(',');
      if (dialog && (dialog.type !== PRIVATE || dialog.occupant_ids.join(',') !== pair)) dialog = undefined;
      dialog ??= await ensurePrivateDialog(
        this.#ctx.db,
        sender,
        recipient,
        given && OBJECT_ID.test(given) ? given : undefined,
      );
    } else {
      const dialogId = this.#dialogOfRoom(message.to);
      dialog = dialogId ? await findDialog(this.#ctx.db, dialogId) : undefined;
      if (!dialog || dialog.type === PRIVATE || !canPost(dialog, sender)) return 'dropped';
    }
    const stored = await this.#history.record(
      {
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
    );
    return stored ? 'stored' : 'duplicate';
  }
}
