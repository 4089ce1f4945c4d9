/** Dialogs and messages (docs/wire/hosted-chat.md §5). */
import type { ChatServiceClient } from './client';
import type { Attachment, DeleteResult, Dialog, DialogType, Message } from './types';

export interface DialogList {
  total_entries: number;
  skip: number;
  limit: number;
  items: Dialog[];
}

export interface NewDialog {
  type: DialogType;
  occupants_ids: number[];
  name?: string;
  photo?: string;
  is_joinable?: boolean;
  /** `data[class_name]` and its fields. */
  data?: Record<string, string | number>;
}

export interface DialogUpdate {
  name?: string;
  photo?: string | null;
  is_joinable?: boolean;
  data?: Record<string, unknown>;
  push_all?: { occupants_ids: number[] };
  pull_all?: { occupants_ids: number[] };
}

export interface MessageQuery {
  chat_dialog_id: string;
  limit?: number;
  skip?: number;
  sort_asc?: string;
  sort_desc?: string;
  /** 0 keeps what is listed unread (default: marked read). */
  mark_as_read?: 0 | 1;
  [filter: string]: unknown;
}

export interface NewMessage {
  chat_dialog_id?: string;
  recipient_id?: number;
  message?: string;
  attachments?: Attachment[];
  /** Also deliver over XMPP (stanza id = `_id`). */
  send_to_chat?: boolean;
  markable?: boolean;
  /** Custom fields, sent at the top level. */
  [custom: string]: unknown;
}

const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);

/** `{ 'name[0][key]': value, … }` for a list of flat objects (top-level keys for `encodeForm`). */
function indexedPairs(name: string, items: ReadonlyArray<object>): Record<string, string> {
  const pairs: Record<string, string> = {};
  items.forEach((item, index) => {
    for (const [key, value] of Object.entries(item)) {
      if (value !== undefined && value !== null) pairs[`${name}[${index}][${key}]`] = String(value);
    }
  });
  return pairs;
}

export const chatDialogs = (client: ChatServiceClient) => ({
  /** e.g. `{ limit: 50, skip: 0, sort_desc: 'last_message_date_sent', 'type[in]': '2,3' }`. */
  list: (params: Record<string, unknown> = {}) =>
    client.request<DialogList>({ path: 'chat/Dialog.json', query: params }),

  create: (dialog: NewDialog) =>
    client.request<Dialog>({
      method: 'POST',
      path: 'chat/Dialog.json',
      form: {
        ...dialog,
        // §5.1: the SDK joins an occupants array with ", " (comma and space).
        occupants_ids: dialog.occupants_ids.join(', '),
        is_joinable: flag(dialog.is_joinable),
      },
    }),

  update: (id: string, changes: DialogUpdate) =>
    client.request<Dialog>({ method: 'PUT', path: `chat/Dialog/${id}.json`, json: changes }),

  /** Removes the dialogs for the current user, or with `force` for everyone (owner only). */
  async delete(ids: string | string[], force = false): Promise<DeleteResult> {
    return client.request<DeleteResult>({
      method: 'DELETE',
      path: `chat/Dialog/${([] as string[]).concat(ids).join(',')}.json`,
      form: force ? { force: 1 } : undefined,
    });
  },
});

export const chatMessages = (client: ChatServiceClient) => ({
  list: (query: MessageQuery) =>
    client.request<{ skip: number; limit: number; items: Message[] }>({ path: 'chat/Message.json', query }),

  /**
   * §5.2: form-encoded, custom fields at the top level. Attachments are objects, which the §2.2
   * encoding (one level deep) cannot carry, so each goes as indexed pairs
   * `attachments[0][type]=image&attachments[0][id]=…` — the REST API's own form for them.
   */
  create(message: NewMessage): Promise<Message> {
    const { attachments, send_to_chat, markable, ...rest } = message;
    return client.request<Message>({
      method: 'POST',
      path: 'chat/Message.json',
      form: {
        ...rest,
        ...indexedPairs('attachments', attachments ?? []),
        send_to_chat: send_to_chat ? 1 : undefined,
        markable: markable ? 1 : undefined,
      },
    });
  },

  async update(ids: string | string[], changes: { read?: boolean; delivered?: boolean; message?: string }) {
    await client.request({
      method: 'PUT',
      path: `chat/Message/${([] as string[]).concat(ids).join(',')}.json`,
      form: { read: flag(changes.read), delivered: flag(changes.delivered), message: changes.message },
      text: true,
    });
  },

  /** §5.2: `PUT /chat/Message.json` with `read=1&chat_dialog_id=…` marks the whole dialog read. */
  async markDialogRead(dialogId: string): Promise<void> {
    await client.request({
      method: 'PUT',
      path: 'chat/Message.json',
      form: { read: 1, chat_dialog_id: dialogId },
      text: true,
    });
  },

  async delete(ids: string | string[], force = false): Promise<DeleteResult> {
    return client.request<DeleteResult>({
      method: 'DELETE',
      path: `chat/Message/${([] as string[]).concat(ids).join(',')}.json`,
      form: force ? { force: 1 } : undefined,
    });
  },

  /** `{ total, [dialogId]: n }` for the given dialogs (or only the total for all). */
  unreadCount: (dialogIds: string[] = []) =>
    client.request<Record<string, number> & { total: number }>({
      path: 'chat/Message/unread.json',
      query: dialogIds.length ? { chat_dialog_ids: dialogIds.join(',') } : undefined,
    }),
});
