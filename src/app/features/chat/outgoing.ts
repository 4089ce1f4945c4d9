/**
 * The provider's messages the outbox holds, as the conversation shows them (spec §3 status "wait
 * for send", then "sent to server"): the outbox of the running chat owns each until the server has
 * it (connections/chat/chat-outbox.ts); the store only shows what the outbox tells — a message given
 * in this tab or left by an earlier page, then its acknowledgement, or that it failed.
 */
import type { ChatRuntime, StoredOutgoing } from '../../connections';
import type { ChatStore } from './chat-store';
import { ownEntry } from './convert';
import { readCallRecord } from '../../../shared/call-record';

function show(store: ChatStore, me: number, { item, at }: StoredOutgoing): void {
  if (item.kind !== 'message' || !item.message.id) return;
  const { id, body, attachments = [], fields } = item.message;
  const entry = ownEntry(
    { id, dialogId: item.dialog.id, me, body, attachments: [...attachments] },
    store.sequence,
    at,
  );
  // A call's record (a call's end, calls/call-chat.ts) shows as its card, as the member sees it.
  const call = readCallRecord(fields, body);
  store.addEntries(item.dialog.id, [call ? { ...entry, call } : entry], { live: true });
}

/** Feeds `store` from the outbox of `runtime`; returns the unwiring. */
export function wireOutgoing(store: ChatStore, runtime: Pick<ChatRuntime, 'me' | 'outbox'>): () => void {
  const offs = [
    runtime.outbox.on('added', (record) => show(store, runtime.me, record)),
    runtime.outbox.on('acknowledged', ({ key }) =>
      store.updateEntry(key, (e) => (e.onServer && !e.failed ? e : { ...e, onServer: true, failed: false })),
    ),
    runtime.outbox.on('failed', ({ key }) =>
      store.updateEntry(key, (e) => (e.failed ? e : { ...e, onServer: false, failed: true })),
    ),
  ];
  return () => {
    for (const off of offs) off();
  };
}
