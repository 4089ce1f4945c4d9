/**
 * Content / blobs (docs/wire/hosted-chat.md §6, §21.4): create → upload to the returned URL (its query
 * pairs come back as multipart fields, `file` last; answered 201) → `PUT /blobs/{id}/complete.json`
 * with `size=`; info by id (and the SDK's update quirk: a GET with `blob[name]`); download at
 * `/blobs/{uid}` or `/blobs/{uid}.json` (public) or with the session token (private); list; delete.
 * The upload URL is on the origin clients reach us at (`serviceOrigin`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';
import { newBlobUid, sniffImageType, type BlobStore } from '../blobs/blob-store';
import { blobJson, mayRead, objectAccess, policyMatches, serveBlob, type BlobRow } from './blob-access';
import { listPage } from './list-page';
import { flag, int, int32, list, obj, readParams, str, type Params } from './params';
import { PUBLIC, tokenOf, USER, userOf } from './scope';
import { touchQbSession } from './sessions';
import { readFilePart, writeUpload } from './upload';
import { EXPIRATION_HEADER, expirationHeader, QbError } from './wire';
import { serviceOrigin } from './service-origin';

const MAX_BYTES = 20 * 1024 * 1024;
const CONTENT_TYPE = /^[\w.+-]+\/[\w.+-]+$/;

export function registerBlobRoutes(scope: FastifyInstance, ctx: ServerContext, blobs: BlobStore) {
  const origin = (request: FastifyRequest) => serviceOrigin(ctx, request);
  const find = (key: string) => {
    const id = int32(key);
    const query = ctx.db.selectFrom('blobs').selectAll();
    return (id !== undefined ? query.where('id', '=', id) : query.where('uid', '=', key)).executeTakeFirst();
  };
  /**
   * A blob `me` owns and may change here: not a custom-object file field (changed through its
   * record's file route) nor a provider document (changed in the portal), docs/security.md "File
   * access".
   */
  const owned = async (key: string, me: number): Promise<BlobRow> => {
    const row = await find(key);
    if (!row) throw QbError.notFound('Blob');
    if (row.owner_chat_id !== me) throw QbError.forbidden('This file belongs to another user');
    if (row.record_id !== null)
      throw QbError.forbidden('This file is a custom object file field: change it through its record');
    const document = await ctx.db
      .selectFrom('provider_documents')
      .select('id')
      .where('blob_id', '=', row.id)
      .executeTakeFirst();
    if (document) throw QbError.forbidden('This file is a profile document: change it in the portal');
    return row;
  };

  /**
   * The user of the request's session (header or `token` query), checked as the `user` scope
   * does for the routes that are public to serve public files by uid.
   */
  async function sessionUser(request: FastifyRequest, reply?: FastifyReply): Promise<number> {
    const token = tokenOf(request);
    const session = token ? await touchQbSession(ctx, token) : null;
    if (!session) throw QbError.noSession();
    reply?.header(EXPIRATION_HEADER, expirationHeader(session.expiresAt));
    if (session.userId === null) throw QbError.needUser();
    return session.userId;
  }

  // §6 download: public by uid; private with the session token in the query (or the header).
  async function download(request: FastifyRequest, reply: FastifyReply, key: string) {
    const row = await find(key);
    if (!row) throw QbError.notFound('File');
    if (!row.is_public && !(await mayRead(ctx, row, await sessionUser(request))))
      throw QbError.notFound('File');
    return serveBlob(reply, blobs, row);
  }

  async function applyUpdate(row: BlobRow, blob: Params) {
    const name = str(blob.name)?.trim();
    const contentType = str(blob.content_type)?.trim();
    if (name !== undefined && (!name || name.length > 100))
      throw QbError.invalid('name', 'must be 1–100 characters');
    if (contentType !== undefined && !CONTENT_TYPE.test(contentType))
      throw QbError.invalid('content_type', 'is invalid');
    await ctx.db
      .updateTable('blobs')
      .set({
        ...(name ? { name } : {}),
        ...(contentType ? { content_type: contentType } : {}),
        ...('tag_list' in blob ? { tag_list: list(blob.tag_list).join(',') } : {}),
        ...('public' in blob ? { is_public: flag(blob.public) } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', row.id)
      .execute();
    return (await find(String(row.id)))!;
  }

  scope.post('/blobs.json', USER, async (request, reply) => {
    const blob = obj(readParams(request).blob);
    if (!blob) throw QbError.invalid('blob', "can't be blank");
    const name = str(blob.name)?.trim() ?? '';
    const contentType = str(blob.content_type)?.trim() ?? '';
    if (!name || name.length > 100) throw QbError.invalid('name', 'must be 1–100 characters');
    if (!CONTENT_TYPE.test(contentType) || contentType.length > 100)
      throw QbError.invalid('content_type', 'is invalid');
    const row = await ctx.db
      .insertInto('blobs')
      .values({
        uid: newBlobUid(),
        name,
        content_type: contentType,
        is_public: flag(blob.public),
        tag_list: list(blob.tag_list).join(','),
        owner_chat_id: userOf(request),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const { appId } = ctx.config.chat;
    return reply.code(201).send({
      blob: {
        ...blobJson(row),
        account_id: appId,
        app_id: appId,
        blob_object_access: objectAccess(ctx, origin(request), row),
      },
    });
  });

  scope.post<{ Params: { id: string } }>('/blobs/:id/upload', PUBLIC, async (request, reply) => {
    const id = int32(request.params.id);
    const row = id === undefined ? undefined : await find(String(id));
    const file = await readFilePart(request);
    const fields = Object.fromEntries(
      Object.entries(file.fields).flatMap(([k, v]) => (v && 'value' in v ? [[k, String(v.value)]] : [])),
    );
    const expires = int(fields.expires);
    if (
      !row ||
      expires === undefined ||
      fields.key !== row.uid ||
      !policyMatches(ctx.secrets.chatPasswordKey, row.id, row.uid, expires, fields.policy ?? '')
    ) {
      file.file.resume();
      throw new QbError(403, ['Invalid upload policy']);
    }
    if (expires < Date.now() / 1000) {
      file.file.resume();
      throw new QbError(403, ['The upload URL has expired; create the blob again']);
    }
    const written = await writeUpload(blobs, row.uid, file, MAX_BYTES);
    // Serve what the bytes are: a declared image that is not one is kept as an opaque download.
    const sniffed = sniffImageType(written.head);
    const contentType =
      sniffed ?? (row.content_type.startsWith('image/') ? 'application/octet-stream' : row.content_type);
    await ctx.db
      .updateTable('blobs')
      .set({ size: written.size, content_type: contentType, completed_at: null, updated_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    const status = int(fields.success_action_status);
    return reply.code(status === 200 || status === 201 || status === 204 ? status : 201).send('');
  });

  scope.put<{ Params: { id: string } }>('/blobs/:id/complete.json', USER, async (request, reply) => {
    const row = await owned(request.params.id, userOf(request));
    const params = readParams(request);
    const size = int(params.size) ?? int(obj(params.blob)?.size);
    if (size === undefined) throw QbError.invalid('size', "can't be blank");
    if (row.size === null) throw QbError.invalid('base', 'The file was not uploaded yet');
    if (size !== row.size)
      throw QbError.invalid('size', `does not match the uploaded file (${row.size} bytes)`);
    await ctx.db
      .updateTable('blobs')
      .set({ completed_at: new Date(), updated_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    return reply.code(200).send('');
  });

  scope.get('/blobs.json', USER, (request) =>
    listPage(
      readParams(request),
      ctx.db.selectFrom('blobs').where('owner_chat_id', '=', userOf(request)),
      (q) => q.selectAll().orderBy('id', 'desc'),
      (b) => ({ blob: blobJson(b) }),
    ),
  );

  // §6: by id it is the file's information (and the SDK's update quirk); by uid it is the file
  // itself, as the vendor's API table says ("Download file by UID", the SDK's getFile).
  scope.get<{ Params: { key: string } }>('/blobs/:key.json', PUBLIC, async (request, reply) => {
    if (int32(request.params.key) === undefined) return download(request, reply, request.params.key);
    const me = await sessionUser(request, reply);
    const update = obj(readParams(request).blob);
    if (update) return { blob: blobJson(await applyUpdate(await owned(request.params.key, me), update)) };
    const row = await find(request.params.key);
    if (!row || !(await mayRead(ctx, row, me))) throw QbError.notFound('Blob');
    return { blob: blobJson(row) };
  });

  scope.put<{ Params: { key: string } }>('/blobs/:key.json', USER, async (request) => {
    const blob = obj(readParams(request).blob);
    if (!blob) throw QbError.invalid('blob', "can't be blank");
    const row = await applyUpdate(await owned(request.params.key, userOf(request)), blob);
    if (!flag(blob.new)) return { blob: blobJson(row) };
    return { blob: { ...blobJson(row), blob_object_access: objectAccess(ctx, origin(request), row) } };
  });

  scope.delete<{ Params: { key: string } }>('/blobs/:key.json', USER, async (request, reply) => {
    const row = await owned(request.params.key, userOf(request));
    await ctx.db.deleteFrom('blobs').where('id', '=', row.id).execute();
    await blobs.remove(row.uid);
    return reply.code(200).send('');
  });

  scope.get<{ Params: { key: string } }>('/blobs/:key', PUBLIC, (request, reply) =>
    download(request, reply, request.params.key),
  );
  scope.get<{ Params: { key: string } }>('/blobs/:key/download.json', PUBLIC, (request, reply) =>
    download(request, reply, request.params.key),
  );
}
