/**
 * Generated files behind expiring links (src/server/cycle-data/file-links.ts) against a real
 * (embedded) database: the file answers until the link expires, then LINK_EXPIRED (410) for a day,
 * then the sweep removes link and file and the link is NOT_FOUND. A failing PDF build answers
 * FILE_GENERATION_FAILED with the message the portal shows (spec §8).
 */
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobStore } from '../../../src/server/blobs/blob-store';
import {
  createFileLink,
  EXPIRED_LINK_KEPT_MS,
  FILE_LINK_TTL_MS,
  openFileLink,
  sweepExpiredFileLinks,
} from '../../../src/server/cycle-data/file-links';
import { FILE_GENERATION_MESSAGE, generateFile } from '../../../src/server/cycle-data/generate-file';
import type { Database } from '../../../src/server/db/database';
import { openTestDatabase, type TestDatabase } from './db-fixture';
import { ApiError } from '../../../src/server/http/api-error';

let dir = '';
let database: TestDatabase | undefined;
let db: Database;
let blobs: BlobStore;
let providerId = 0;
let memberId = 0;

beforeAll(async () => {
  database = await openTestDatabase('file-links');
  ({ db, dir } = database);
  blobs = new BlobStore(dir);
  const chat = (id: number, kind: 'provider' | 'member') =>
    db
      .insertInto('chat_users')
      .values({ id, login: `u${id}`, password_hash: 'x', kind })
      .execute();
  await chat(1, 'provider');
  await chat(2, 'member');
  providerId = (
    await db
      .insertInto('providers')
      .values({
        email: 'p@x.example',
        password_hash: 'x',
        first_name: 'P',
        last_name: 'Q',
        chat_id: 1,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  memberId = (
    await db
      .insertInto('members')
      .values({ first_name: 'M', last_name: 'N', chat_id: 2 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});

afterAll(async () => {
  await database?.close();
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'OK';
  } catch (error) {
    return error instanceof ApiError ? `${error.status} ${error.code}` : String(error);
  }
}

describe('file links', () => {
  it('serve the file until they expire, then answer LINK_EXPIRED, and are swept a day later', async () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const bytes = Buffer.from('%PDF-1.7 test');
    const link = await createFileLink(
      db,
      blobs,
      { providerId, memberId, kind: 'CYCLE_ANALYSIS', fileName: 'a.pdf', bytes },
      now,
    );
    expect(link.expiresAt.getTime() - now.getTime()).toBe(FILE_LINK_TTL_MS);
    const token = link.url.split('/').at(-1)!;

    const opened = await openFileLink(db, token, new Date(now.getTime() + FILE_LINK_TTL_MS - 1000));
    expect(opened).toMatchObject({
      providerId,
      memberId,
      kind: 'CYCLE_ANALYSIS',
      fileName: 'a.pdf',
      size: bytes.length,
    });
    expect(await blobs.exists(opened.blobUid)).toBe(true);

    const expired = new Date(now.getTime() + FILE_LINK_TTL_MS);
    expect(await codeOf(openFileLink(db, token, expired))).toBe('410 LINK_EXPIRED');

    expect(
      await sweepExpiredFileLinks(db, blobs, new Date(expired.getTime() + EXPIRED_LINK_KEPT_MS - 1000)),
    ).toBe(0);
    expect(
      await sweepExpiredFileLinks(db, blobs, new Date(expired.getTime() + EXPIRED_LINK_KEPT_MS + 1000)),
    ).toBe(1);
    expect(await codeOf(openFileLink(db, token, expired))).toBe('404 NOT_FOUND');
    expect(await blobs.exists(opened.blobUid)).toBe(false);
  });

  it('store only a hash of the token and refuse malformed tokens', async () => {
    const link = await createFileLink(db, blobs, {
      providerId,
      memberId,
      kind: 'CYCLE_COMPARISON',
      fileName: 'b.pdf',
      bytes: Buffer.from('%PDF-'),
    });
    const token = link.url.split('/').at(-1)!;
    const rows = await db.selectFrom('file_links').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash.includes(token))).toBe(false);
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(await codeOf(openFileLink(db, token))).toBe('OK');
    expect(await codeOf(openFileLink(db, altered))).toBe('404 NOT_FOUND');
    expect(await codeOf(openFileLink(db, '../secrets'))).toBe('404 NOT_FOUND');
  });
});

describe('generateFile', () => {
  it('answers FILE_GENERATION_FAILED with the message the portal shows when the build fails', async () => {
    const logged: unknown[] = [];
    const log = { error: (...args: unknown[]) => logged.push(args) } as unknown as FastifyBaseLogger;
    const failing = generateFile(log, 'test', () => Promise.reject(new Error('font missing')));
    await expect(failing).rejects.toMatchObject({
      code: 'FILE_GENERATION_FAILED',
      message: FILE_GENERATION_MESSAGE,
    });
    expect(logged).toHaveLength(1);
    expect(await generateFile(log, 'test', async () => Buffer.from('ok'))).toEqual(Buffer.from('ok'));
  });
});
