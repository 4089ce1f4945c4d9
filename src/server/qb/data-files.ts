/**
 * File fields of custom objects (docs/wire/hosted-chat.md §7 "File fields"): upload with multipart
 * `field_name` + `file`, download at `…/file.json?field_name=…&token=…`, delete with a form body
 * `field_name=…`. The field holds `{file_id, name, content_type, size}`; the bytes are a private
 * blob of the record's owner that names its record and field. Only that blob is ever read or
 * deleted through the field — never a blob the field's JSON merely names (docs/security.md "File
 * access") — and the record and its blob change in one transaction; the bytes go after commit.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import type { Database } from '../db/database';
import { newBlobUid, sniffImageType, type BlobStore } from '../blobs/blob-store';
import { serveBlob } from './blob-access';
import { readFilePart, uploadName, writeUpload } from './upload';
import { FIELD } from './data-query';
import { recordJson, type RecordRow } from './data-records';
import { readParams, str } from './params';
import { PUBLIC, tokenOf, USER, userOf } from './scope';
import { touchQbSession } from './sessions';
import { QbError } from './wire';

type FileParams = { Params: { cls: string; id: string } };
type OwnRecords = (cls: string, ids: string[], me: number) => Promise<RecordRow[]>;

const MAX_BYTES = 20 * 1024 * 1024;

/** The blob uploaded into `field` of `recordId`, if any. */
export function fieldBlob(db: Database, recordId: string, field: string) {
  return db
    .selectFrom('blobs')
    .selectAll()
    .where('record_id', '=', recordId)
    .where('record_field', '=', field)
    .executeTakeFirst();
}

/** Names of the fields of `recordId` that hold an uploaded file. */
export async function fileFieldsOf(db: Database, recordId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('blobs')
    .select('record_field')
    .where('record_id', '=', recordId)
    .execute();
  return new Set(rows.flatMap((r) => (r.record_field ? [r.record_field] : [])));
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

  scope.post<FileParams>('/data/:cls/:id/file.json', USER, async (request) => {
    const me = userOf(request);
    const [record] = await ownRecords(request.params.cls, [request.params.id], me);
    const file = await readFilePart(request);
    const field = file.fields.field_name;
    const name = fieldName(field && 'value' in field ? field.value : undefined);
    const uid = newBlobUid();
    const written = await writeUpload(blobs, uid, file, MAX_BYTES);
    const declared = /^[\w.+-]+\/[\w.+-]+$/.test(file.mimetype) ? file.mimetype : 'application/octet-stream';
    const contentType =
      sniffImageType(written.head) ?? (declared.startsWith('image/') ? 'application/octet-stream' : declared);
    const fileName = uploadName(file.filename, 'file');
    let result;
    try {
      result = await ctx.db.transaction().execute(async (trx) => {
        const previous = await trx
          .deleteFrom('blobs')
          .where('record_id', '=', record!.id)
          .where('record_field', '=', name)
          .returning('uid')
          .executeTakeFirst();
        await trx
          .insertInto('blobs')
          .values({
            uid,
            name: fileName,
            content_type: contentType,
            size: written.size,
            owner_chat_id: me,
            completed_at: new Date(),
            record_id: record!.id,
            record_field: name,
          })
          .execute();
        const fields = {
          ...record!.fields,
          [name]: { file_id: uid, name: fileName, content_type: contentType, size: written.size },
        };
        const updated = await trx
          .updateTable('qb_records')
          .set({ fields: JSON.stringify(fields), updated_at: new Date() })
          .where('id', '=', record!.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { updated, previous: previous?.uid };
      });
    } catch (error) {
      await blobs.remove(uid);
      throw error;
    }
    if (result.previous) await blobs.remove(result.previous);
    return recordJson(result.updated);
  });

  scope.get<FileParams>('/data/:cls/:id/file.json', PUBLIC, async (request, reply) => {
    const token = tokenOf(request);
    const session = token ? await touchQbSession(ctx, token) : null;
    if (!session) throw QbError.noSession();
    if (session.userId === null) throw QbError.needUser();
    const [record] = await ownRecords(request.params.cls, [request.params.id], session.userId);
    const blob = await fieldBlob(ctx.db, record!.id, fieldName(readParams(request).field_name));
    if (!blob) throw QbError.notFound('File');
    return serveBlob(reply, blobs, blob);
  });

  scope.delete<FileParams>('/data/:cls/:id/file.json', USER, async (request, reply) => {
    const [record] = await ownRecords(request.params.cls, [request.params.id], userOf(request));
    const name = fieldName(readParams(request).field_name);
    const uid = await ctx.db.transaction().execute(async (trx) => {
      const gone = await trx
        .deleteFrom('blobs')
        .where('record_id', '=', record!.id)
        .where('record_field', '=', name)
        .returning('uid')
        .executeTakeFirst();
      if (!gone) throw QbError.notFound('File');
      const fields = { ...record!.fields };
      delete fields[name];
      await trx
        .updateTable('qb_records')
        .set({ fields: JSON.stringify(fields), updated_at: new Date() })
        .where('id', '=', record!.id)
        .execute();
      return gone.uid;
    });
    await blobs.remove(uid);
    return reply.code(200).send('');
  });
}
