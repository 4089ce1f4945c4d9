/**
 * Who may read a blob (docs/wire/hosted-chat.md §6, docs/security.md "File access"): anyone when it is
 * public; otherwise its owner, and the occupants of a dialog where its owner sent it as an
 * attachment (§14.2), so a chat image reaches its recipients and nobody else. Files are served as
 * `src/server/blobs/served-type.ts` says (images inline, anything but PDF as an opaque download)
 * with `X-Content-Type-Options: nosniff` (docs/lessons.md §12).
 */
import { createHmac } from 'node:crypto';
import { secretMatches } from '../auth/tokens';
import type { FastifyReply } from 'fastify';
import { sql, type Selectable } from 'kysely';
import type { ServerContext } from '../context';
import type { BlobsTable } from '../db/schema';
import type { BlobStore } from '../blobs/blob-store';
import { servedType } from '../blobs/served-type';
import { isoSeconds, QbError } from './wire';

export type BlobRow = Selectable<BlobsTable>;

export const UPLOAD_TTL_S = 3600;

export async function mayRead(ctx: ServerContext, blob: BlobRow, userId: number | null): Promise<boolean> {
  if (blob.is_public) return true;
  if (userId === null) return false;
  if (blob.owner_chat_id === userId) return true;
  // Shared: its owner sent it in a dialog the reader occupies (docs/security.md "File access").
  const { rows } = await sql`select 1 from chat_messages m join chat_dialogs d on d.id = m.dialog_id
    where m.shared_blob_ids @> array[${blob.id}]::integer[]
      and m.sender_id = ${blob.owner_chat_id}
      and d.occupant_ids @> array[${userId}]::integer[]
      and not (${userId} = any(m.deleted_for))
    limit 1`.execute(ctx.db);
  return rows.length > 0;
}

export function blobJson(row: BlobRow) {
  return {
    id: row.id,
    uid: row.uid,
    content_type: row.content_type,
    name: row.name,
    size: row.size,
    created_at: isoSeconds(row.created_at),
    updated_at: isoSeconds(row.updated_at),
    blob_status: row.completed_at ? 'complete' : null,
    set_completed_at: row.completed_at ? isoSeconds(row.completed_at) : null,
    public: row.is_public,
    tag_list: row.tag_list || null,
  };
}

export function uploadPolicy(key: string, blobId: number, uid: string, expires: number): string {
  return createHmac('sha256', key).update(`qb-blob-upload:${blobId}:${uid}:${expires}`).digest('hex');
}

export function policyMatches(
  key: string,
  blobId: number,
  uid: string,
  expires: number,
  given: string,
): boolean {
  return secretMatches(given, uploadPolicy(key, blobId, uid, expires));
}

/** §6 `blob_object_access`: a URL on this server whose query pairs become multipart fields. */
export function objectAccess(ctx: ServerContext, origin: string, row: BlobRow) {
  const expires = Math.floor(Date.now() / 1000) + UPLOAD_TTL_S;
  const query = new URLSearchParams({
    content_type: row.content_type,
    expires: String(expires),
    key: row.uid,
    policy: uploadPolicy(ctx.secrets.chatPasswordKey, row.id, row.uid, expires),
    success_action_status: '201',
  });
  return {
    id: row.id,
    blob_id: row.id,
    expires: isoSeconds(new Date(expires * 1000)),
    object_access_type: 'Write',
    params: `${origin}/qb/blobs/${row.id}/upload?${query.toString()}`,
  };
}

export async function serveBlob(reply: FastifyReply, blobs: BlobStore, row: BlobRow) {
  if (!row.completed_at || !(await blobs.exists(row.uid))) throw QbError.notFound('File');
  const served = servedType(row.content_type);
  reply
    .header('Content-Type', served.contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', row.is_public ? 'public, max-age=86400' : 'private, no-store')
    .header(
      'Content-Disposition',
      `${served.inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.name)}`,
    );
  if (row.size !== null) reply.header('Content-Length', String(row.size));
  return reply.send(blobs.read(row.uid));
}
