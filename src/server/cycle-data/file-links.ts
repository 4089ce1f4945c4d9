/**
 * Generated files behind links that expire (spec §7 "…/link" calls, docs/security.md): the PDF is
 * a private blob; the link carries a random 256-bit token of which only the SHA-256 is stored, and
 * answers the file without an authToken until it expires. An expired link answers LINK_EXPIRED
 * (410) until it is swept a day later, then NOT_FOUND like any unknown link.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { FILE_LINK_PATH } from '../../shared/api/cycle-data';
import { type BlobStore, newBlobUid } from '../blobs/blob-store';
import type { Database } from '../db/database';
import type { FileLinkKind } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { ApiError } from '../http/api-error';

/** How long a link works. */
export const FILE_LINK_TTL_MS = 15 * 60_000;
/** How long an expired link still answers LINK_EXPIRED before it and its file are removed. */
export const EXPIRED_LINK_KEPT_MS = 24 * 3600_000;
const MAX_FILE_BYTES = 20 * 1024 * 1024;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface NewFile {
  providerId: number;
  memberId: number;
  kind: FileLinkKind;
  fileName: string;
  bytes: Buffer;
}

export interface CreatedLink {
  id: number;
  url: string;
  expiresAt: Date;
  fileName: string;
  size: number;
}

export async function createFileLink(
  db: Database,
  blobs: BlobStore,
  file: NewFile,
  now = new Date(),
): Promise<CreatedLink> {
  const uid = newBlobUid();
  const { size } = await blobs.write(uid, Readable.from([file.bytes]), MAX_FILE_BYTES);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + FILE_LINK_TTL_MS);
  try {
    const id = await inTransaction(db, async (trx) => {
      const blob = await trx
        .insertInto('blobs')
        .values({
          uid,
          name: file.fileName,
          content_type: 'application/pdf',
          size,
          is_public: false,
          completed_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const link = await trx
        .insertInto('file_links')
        .values({
          token_hash: hashToken(token),
          blob_id: blob.id,
          provider_id: file.providerId,
          member_id: file.memberId,
          kind: file.kind,
          created_at: now,
          expires_at: expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return link.id;
    });
    return { id, url: `/api${FILE_LINK_PATH}/${token}`, expiresAt, fileName: file.fileName, size };
  } catch (error) {
    await blobs.remove(uid);
    throw error;
  }
}

export interface OpenedLink {
  id: number;
  providerId: number;
  memberId: number;
  kind: FileLinkKind;
  blobUid: string;
  fileName: string;
  size: number | null;
}

/** The file behind `token`; NOT_FOUND for an unknown token, LINK_EXPIRED past its expiry. */
export async function openFileLink(db: Database, token: string, now = new Date()): Promise<OpenedLink> {
  if (!TOKEN_PATTERN.test(token)) throw ApiError.notFound('File');
  const row = await db
    .selectFrom('file_links')
    .innerJoin('blobs', 'blobs.id', 'file_links.blob_id')
    .select([
      'file_links.id',
      'file_links.provider_id',
      'file_links.member_id',
      'file_links.kind',
      'file_links.expires_at',
      'blobs.uid',
      'blobs.name',
      'blobs.size',
    ])
    .where('file_links.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) throw ApiError.notFound('File');
  if (row.expires_at.getTime() <= now.getTime()) {
    throw new ApiError('LINK_EXPIRED', 'This link has expired; generate the file again');
  }
  return {
    id: row.id,
    providerId: row.provider_id,
    memberId: row.member_id,
    kind: row.kind,
    blobUid: row.uid,
    fileName: row.name,
    size: row.size,
  };
}

/** Removes links expired longer than {@link EXPIRED_LINK_KEPT_MS} and their files. */
export async function sweepExpiredFileLinks(
  db: Database,
  blobs: BlobStore,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - EXPIRED_LINK_KEPT_MS);
  const gone = await db
    .deleteFrom('file_links')
    .where('expires_at', '<', cutoff)
    .returning('blob_id')
    .execute();
  if (gone.length === 0) return 0;
  const removed = await db
    .deleteFrom('blobs')
    .where(
      'id',
      'in',
      gone.map((g) => g.blob_id),
    )
    .returning('uid')
    .execute();
  await Promise.all(removed.map((b) => blobs.remove(b.uid)));
  return gone.length;
}
