/**
 * File fields of custom objects (hosted-chat-wire.md §7 "File fields"): upload with multipart
 * `field_name` + `file`, download at `…/file.json?field_name=…&token=…`, delete with a form body
 * `field_name=…`. The field holds `{file_id, name, content_type, size}`; the bytes are a private
 * blob of the record's owner.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { newBlobUid, sniffImageType, type BlobStore } from '../blobs/blob-store';
import { ApiError } from '../http/api-error';
import { serveBlob } from './blob-access';
import { FIELD } from './data-query';
import { recordJson, type RecordRow } from './data-records';
import { obj, readParams, str } from './params';
import { PUBLIC, tokenOf, USER, userOf } from './scope';
import { touchQbSession } from './sessions';
import { QbError } from './wire';

type FileParams = { Params: { cls: string; id: string } };
type OwnRecords = (cls: string, ids: string[], me: number) => Promise<RecordRow[]>;

const MAX_BYTES = 20 * 1024 * 1024;

/** Blob uids held by a record's file fields. */
export function fileUids(fields: Record<string, unknown>): string[] {
  return Object.values(fields).flatMap((v) => {
    const uid = str(obj(v)?.file_id);
    return uid ? [uid] : [];
  });
}

export function registerDataFileRoutes(
  scope: FastifyInstance,
  ctx: ServerContext,
  blobs: BlobStore,
  ownRecords: OwnRecords,
) {
  const fieldName = (value: unknown) => {
    const name = str(value);
    if (!name || !FIELD.test(name)) throw QbError.invalid('field_name', "can't be blank");
    return name;
  };

  async function dropFile(uid: string) {
    await ctx.db.deleteFrom('blobs').where('uid', '=', uid).execute();
    await blobs.remove(uid);
  }

  scope.post<FileParams>('/data/:cls/:id/file.json', USER, async (request) => {
    const me = userOf(request);
    const [record] = await ownRecords(request.params.cls, [request.params.id], me);
    if (!request.isMultipart()) throw new QbError(400, ['The upload must be multipart/form-data']);
    const file = await request.file();
    if (!file) throw QbError.invalid('file', "can't be blank");
    const field = file.fields.field_name;
    const name = fieldName(field && 'value' in field ? field.value : undefined);
    const uid = newBlobUid();
    let written;
    try {
      written = await blobs.write(uid, file.file, MAX_BYTES);
    } catch (error) {
      if (error instanceof ApiError) throw new QbError(413, [error.message]);
      throw error;
    }
    const declared = /^[\w.+-]+\/[\w.+-]+$/.test(file.mimetype) ? file.mimetype : 'application/octet-stream';
    const contentType =
      sniffImageType(written.head) ?? (declared.startsWith('image/') ? 'application/octet-stream' : declared);
    const fileName = (file.filename || 'file').slice(0, 100);
    await ctx.db
      .insertInto('blobs')
      .values({
        uid,
        name: fileName,
        content_type: contentType,
        size: written.size,
        owner_chat_id: me,
        completed_at: new Date(),
      })
      .execute();
    const previous = str(obj(record!.fields[name])?.file_id);
    const fields = {
      ...record!.fields,
      [name]: { file_id: uid, name: fileName, content_type: contentType, size: written.size },
    };
    const updated = await ctx.db
      .updateTable('qb_records')
      .set({ fields: JSON.stringify(fields), updated_at: new Date() })
      .where('id', '=', record!.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (previous) await dropFile(previous);
    return recordJson(updated);
  });

  scope.get<FileParams>('/data/:cls/:id/file.json', PUBLIC, async (request, reply) => {
    const token = tokenOf(request);
    const session = token ? await touchQbSession(ctx, token) : null;
    if (!session) throw QbError.noSession();
    if (session.userId === null) throw QbError.needUser();
    const [record] = await ownRecords(request.params.cls, [request.params.id], session.userId);
    const uid = str(obj(record!.fields[fieldName(readParams(request).field_name)])?.file_id);
    const blob = uid
      ? await ctx.db.selectFrom('blobs').selectAll().where('uid', '=', uid).executeTakeFirst()
      : undefined;
    if (!blob) throw QbError.notFound('File');
    return serveBlob(reply, blobs, blob);
  });

  scope.delete<FileParams>('/data/:cls/:id/file.json', USER, async (request, reply) => {
    const [record] = await ownRecords(request.params.cls, [request.params.id], userOf(request));
    const name = fieldName(readParams(request).field_name);
    const uid = str(obj(record!.fields[name])?.file_id);
    if (!uid) throw QbError.notFound('File');
    const fields = { ...record!.fields };
    delete fields[name];
    await ctx.db
      .updateTable('qb_records')
      .set({ fields: JSON.stringify(fields), updated_at: new Date() })
      .where('id', '=', record!.id)
      .execute();
    await dropFile(uid);
    return reply.code(200).send('');
  });
}
