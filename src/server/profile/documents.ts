/**
 * Certificate documents (licence, diplomas) for the review: private blobs under DATA_DIR/blobs,
 * readable only by their owner through `GET …/certificate/{id}` with the session token; images are
 * compressed by the portal first (spec §5), PDFs go as they are.
 */
import type { FastifyInstance } from 'fastify';
import {
  CERTIFICATE_CONTENT_TYPES,
  CERTIFICATE_FILE_PATH,
  CERTIFICATE_MAX_BYTES,
  uploadCertificate,
} from '../../shared/api/profile';
import { MAX_ID } from '../../shared/api/fields';
import { authenticate } from '../http/authenticate';
import { newBlobUid, sniffImageType, type BlobStore } from '../blobs/blob-store';
import { servedType } from '../blobs/served-type';
import type { ServerContext } from '../context';
import { ApiError } from '../http/api-error';
import { readClientHeaders } from '../http/client-headers';
import { uploadedFile } from '../http/input-checks';
import { fastifyPath, registerEndpoint } from '../http/route';

function sniffDocument(head: Buffer): string | null {
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  const image = sniffImageType(head);
  return image === 'image/gif' ? null : image;
}

export function registerDocumentRoutes(app: FastifyInstance, ctx: ServerContext, blobs: BlobStore) {
  registerEndpoint(app, ctx, uploadCertificate, async ({ request, session }) => {
    // The route wrapper has refused anything but multipart/form-data.
    const file = await uploadedFile(request, CERTIFICATE_MAX_BYTES, 'Choose a document');
    if (!(CERTIFICATE_CONTENT_TYPES as readonly string[]).includes(file.mimetype)) {
      file.file.resume();
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Use a PDF, JPEG, PNG or WebP file', {
        fields: [{ field: 'file', message: 'Unsupported document type' }],
      });
    }
    const uid = newBlobUid();
    const { size, head } = await blobs.write(uid, file.file, CERTIFICATE_MAX_BYTES);
    const sniffed = sniffDocument(head);
    if (!sniffed) {
      await blobs.remove(uid);
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a PDF or an image', {
        fields: [{ field: 'file', message: 'Not a PDF or an image' }],
      });
    }
    return ctx.db.transaction().execute(async (trx) => {
      const blob = await trx
        .insertInto('blobs')
        .values({
          uid,
          name: file.filename.slice(0, 200) || 'certificate',
          content_type: sniffed,
          size,
          is_public: false,
          tag_list: 'certificate',
          owner_chat_id: session.chatId,
          completed_at: new Date(),
        })
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow();
      const doc = await trx
        .insertInto('provider_documents')
        .values({ provider_id: session.providerId, blob_id: blob.id })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
      return {
        id: doc.id,
        name: blob.name,
        contentType: sniffed,
        size,
        uploadedAt: doc.created_at.toISOString(),
      };
    });
  });

  // The bytes, outside the JSON envelope: owner only, never sniffed, PDFs as attachments.
  app.get<{ Params: { id: string } }>(fastifyPath(CERTIFICATE_FILE_PATH), async (request, reply) => {
    const session = await authenticate(ctx, readClientHeaders(request).authToken);
    const id = Number(request.params.id);
    if (!Number.isInteger(id) || id <= 0 || id > MAX_ID) throw ApiError.notFound('Document');
    const doc = await ctx.db
      .selectFrom('provider_documents as d')
      .innerJoin('blobs as b', 'b.id', 'd.blob_id')
      .select(['b.uid', 'b.name', 'b.content_type', 'b.size'])
      .where('d.id', '=', id)
      .where('d.provider_id', '=', session.providerId)
      .executeTakeFirst();
    if (!doc || !(await blobs.exists(doc.uid))) throw ApiError.notFound('Document');
    const { contentType, inline } = servedType(doc.content_type);
    reply
      .header('Content-Type', contentType)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .header(
        'Content-Disposition',
        `${inline ? 'inline' : 'attachment'}; filename="${encodeURIComponent(doc.name)}"`,
      );
    if (doc.size !== null) reply.header('Content-Length', String(doc.size));
    return reply.send(blobs.read(doc.uid));
  });
}
