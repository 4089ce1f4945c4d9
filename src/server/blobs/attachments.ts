/**
 * Which blob a chat attachment names (docs/wire/hosted-chat.md §5.2 "Message object", §14.2): its
 * `id` (the blob id, or its uid as some SDK apps send it) and its `uid`. Only a blob the sender
 * owns can be shared by attaching it (docs/security.md "File access").
 */
import type { Database } from '../db/database';

type Attachment = Record<string, unknown>;

const BLOB_ID = /^\d{1,9}$/;
const BLOB_UID = /^[a-f0-9]{32}$/;

/** The blob keys an attachment gives: ids and uids, as the SDK may send either or both. */
function keysOf(attachment: Attachment): { ids: number[]; uids: string[] } | null {
  const ids: number[] = [];
  const uids: string[] = [];
  for (const key of ['id', 'uid'] as const) {
    const value = attachment[key];
    if (value === undefined || value === null || value === '') continue;
    const text = String(value);
    if (key === 'id' && BLOB_ID.test(text)) ids.push(Number(text));
    else if (BLOB_UID.test(text)) uids.push(text);
    else return null;
  }
  return ids.length + uids.length > 0 ? { ids, uids } : null;
}

/**
 * For each attachment, the id of the blob it names when `ownerId` owns that blob, else null
 * (no blob key, an unknown blob, someone else's blob, or an `id` and a `uid` of two blobs).
 */
export async function ownedAttachmentBlobs(
  db: Database,
  ownerId: number,
  attachments: Attachment[],
): Promise<Array<number | null>> {
  const keys = attachments.map(keysOf);
  const ids = keys.flatMap((k) => k?.ids ?? []);
  const uids = keys.flatMap((k) => k?.uids ?? []);
  if (ids.length + uids.length === 0) return attachments.map(() => null);
  const rows = await db
    .selectFrom('blobs')
    .select(['id', 'uid'])
    .where('owner_chat_id', '=', ownerId)
    .where((eb) =>
      eb.or([...(ids.length ? [eb('id', 'in', ids)] : []), ...(uids.length ? [eb('uid', 'in', uids)] : [])]),
    )
    .execute();
  return keys.map((k) => {
    if (!k) return null;
    const found = new Set(
      [
        ...k.ids.map((id) => rows.find((r) => r.id === id)),
        ...k.uids.map((uid) => rows.find((r) => r.uid === uid)),
      ].map((r) => r?.id ?? null),
    );
    return found.size === 1 && !found.has(null) ? [...found][0]! : null;
  });
}

/** The blobs of `attachments` that `senderId` owns: what a stored message shares. */
export async function sharedBlobIds(
  db: Database,
  senderId: number,
  attachments: Attachment[],
): Promise<number[]> {
  const owned = await ownedAttachmentBlobs(db, senderId, attachments);
  return [...new Set(owned.filter((id): id is number => id !== null))].sort((a, b) => a - b);
}
