/**
 * What the provider does in the Messages screen: send text and images (spec §5 compression and an
 * upload progress bar; docs/wire/hosted-chat.md §6 then §14.2), mark messages read when seen, open a
 * conversation with a client (deep link /message?userId=), answer contact requests and block or
 * unblock both ways (spec §3 blocking list items, blocked.ts). Sends wait in the outbox while offline.
 * Each action takes the shell's chat store (`useChatStore()`) and the running chat the component
 * read with `useChat()` (null: not connected).
 */
import { DIALOG_TYPE, isPrivateDialog } from '../../../shared/dialog-type';
import i18next from 'i18next';
import { ChatNotConnectedError } from '../../../xmpp';
import type { ChatStore } from './chat-store';
import type { ChatRuntime } from '../../connections';
import { refreshDialogs } from './chat-sync';
import { ATTACHMENT_BODY, dialogAddress } from './convert';
import type { EntryAttachment } from './entries';

function runtimeOrWarn(store: ChatStore, runtime: ChatRuntime | null): ChatRuntime | null {
  if (!runtime) store.say(i18next.t('messages:errors.notConnected'));
  return runtime;
}

/** Runs a chat action; 'Chat is not connected' (spec §5) and other failures become a toast. */
async function attempt(store: ChatStore, what: string, action: () => unknown): Promise<boolean> {
  try {
    await action();
    return true;
  } catch (error) {
    console.warn(what, error);
    store.say(
      i18next.t(
        error instanceof ChatNotConnectedError ? 'messages:errors.notConnected' : 'messages:errors.action',
      ),
    );
    return false;
  }
}

function sendMessage(
  store: ChatStore,
  runtime: ChatRuntime,
  dialogId: string,
  body: string,
  attachments: EntryAttachment[] = [],
) {
  const dialog = store.state.dialogs[dialogId];
  if (!dialog) return;
  const id = runtime.chat.helpers.newMessageId();
  // The outbox holds it from now on; the conversation shows it from there (outgoing.ts).
  runtime.outbox.give({ kind: 'message', dialog: dialogAddress(dialog), message: { id, body, attachments } });
}

/** Sends (or queues in the outbox) a text; false when there is no chat to take it (a toast says so). */
export function sendText(
  store: ChatStore,
  chat: ChatRuntime | null,
  dialogId: string,
  text: string,
): boolean {
  const runtime = runtimeOrWarn(store, chat);
  if (!runtime || !text.trim()) return false;
  sendMessage(store, runtime, dialogId, text);
  return true;
}

/**
 * Spec §5: compressed, uploaded as a private blob with progress, then sent as an attachment, with
 * the caption as its text (the vendor's '[attachment]' without one). Called only once the provider
 * confirmed the preview (image-preview.tsx). The compressor loads with the first image, not with
 * the page (docs/performance.md "Route budgets").
 */
export async function sendImage(
  store: ChatStore,
  chat: ChatRuntime | null,
  dialogId: string,
  file: File,
  caption = '',
): Promise<void> {
  const runtime = runtimeOrWarn(store, chat);
  if (!runtime) return;
  store.setUpload({ dialogId, name: file.name, fraction: 0 });
  try {
    const { compressImage } = await import('../../components/compress-image');
    const ready = await compressImage(file);
    const type = ready.blob.type || file.type;
    const blob = await runtime.service.content.createAndUpload(
      { file: ready.blob, name: ready.name, contentType: type, public: false },
      (fraction) => store.setUpload({ dialogId, name: file.name, fraction }),
    );
    // The vendor's convention: an attachment's id is the file's uid (docs/wire/hosted-chat.md §5.2),
    // so the members' apps open it; `uid` says the same for clients that read that.
    sendMessage(store, runtime, dialogId, caption.trim() || ATTACHMENT_BODY, [
      {
        id: blob.uid,
        uid: blob.uid,
        type: 'image',
        name: ready.name,
        size: blob.size ?? ready.blob.size,
      },
    ]);
  } catch (error) {
    console.warn('Image upload', error);
    store.say(i18next.t('messages:errors.upload'));
  } finally {
    store.setUpload(null);
  }
}

/**
 * Messages of others seen on screen are read (spec §4 Messaging "displayed"): a read marker goes
 * to the sender of a one-to-one message; group messages are marked read over REST (no receipts in
 * rooms). Either way the dialog's unread count drops by what was newly read.
 */
export function markSeen(
  store: ChatStore,
  runtime: ChatRuntime | null,
  dialogId: string,
  ids: string[],
): void {
  if (!runtime || ids.length === 0) return;
  const newlyRead = store.markReadByMe(dialogId, ids);
  if (newlyRead.length === 0) return;
  if (store.state.dialogs[dialogId]?.type === DIALOG_TYPE.private) {
    for (const entry of newlyRead)
      runtime.outbox.give({ kind: 'read', messageId: entry.id, userId: entry.senderId, dialogId });
  } else {
    runtime.service.messages
      .update(
        newlyRead.map((e) => e.id),
        { read: true },
      )
      .catch((error: unknown) => console.warn('Marking group messages read', error));
  }
}

/** The private dialog with a client, created when there is none yet (spec §7 deep link from issue 5). */
export async function openDialogWith(
  store: ChatStore,
  chat: ChatRuntime | null,
  userId: number,
): Promise<string | null> {
  const runtime = runtimeOrWarn(store, chat);
  if (!runtime) return null;
  const known = Object.values(store.state.dialogs).find(
    (d) => isPrivateDialog(d.type) && d.clientChatId === userId,
  );
  if (known) return known.id;
  try {
    const dialog = await runtime.service.dialogs.create({
      type: DIALOG_TYPE.private,
      occupants_ids: [userId],
    });
    await refreshDialogs(store);
    return dialog._id;
  } catch (error) {
    console.warn('Opening a conversation', error);
    store.say(i18next.t('messages:errors.openDialog'));
    return null;
  }
}

function connected(runtime: ChatRuntime | null): ChatRuntime {
  if (!runtime) throw new ChatNotConnectedError();
  return runtime;
}

/** Spec §4 "Confirm: from plus ask subscribe; sends subscribed then subscribe". */
export function acceptRequest(
  store: ChatStore,
  runtime: ChatRuntime | null,
  userId: number,
): Promise<boolean> {
  return attempt(store, 'Accepting a contact', () => {
    connected(runtime).chat.roster.confirm(userId);
    store.removeRequest(userId);
  });
}

/** Spec §4 "Reject: none, sends unsubscribed". */
export function rejectRequest(
  store: ChatStore,
  runtime: ChatRuntime | null,
  userId: number,
): Promise<boolean> {
  return attempt(store, 'Rejecting a contact', () => {
    connected(runtime).chat.roster.reject(userId);
    store.removeRequest(userId);
  });
}

/** Spec §4 "Adding a contact sets none with ask subscribe": presence follows once accepted. */
export function addContact(store: ChatStore, runtime: ChatRuntime | null, userId: number): Promise<boolean> {
  return attempt(store, 'Adding a contact', () => connected(runtime).chat.roster.add(userId));
}

/**
 * Blocks a member both ways (spec §6 mutual block) on the chat account (XEP-0191, blocked.ts): every
 * tab and device of the provider holds it at once.
 */
export function blockUser(store: ChatStore, runtime: ChatRuntime | null, userId: number): Promise<boolean> {
  return attempt(store, 'Blocking', async () => {
    await connected(runtime).chat.blocking.block([userId]);
    store.setBlocked([...store.state.blocked, userId]);
  });
}

export function unblockUser(store: ChatStore, runtime: ChatRuntime | null, userId: number): Promise<boolean> {
  return attempt(store, 'Unblocking', async () => {
    await connected(runtime).chat.blocking.unblock([userId]);
    store.setBlocked(store.state.blocked.filter((id) => id !== userId));
  });
}
