/**
 * `GET /api/files/{uid}`: public blobs (avatars), served as `src/server/blobs/served-type.ts` says:
 * images inline, anything else as an attachment that is never script or markup, and nothing is
 * sniffed by the browser (docs/lessons.md §12).
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import type { BlobStore } from '../blobs/blob-store';
import { servedType } from '../blobs/served-type';
import { ApiError } from '../http/api-error';

export function registerFileRoutes(app: FastifyInstance, ctx: ServerContext, blobs: BlobStore) {
  app.get<{ Params: { uid: string } }>('/files/:uid', async (request, reply) => {
    const blob = await ctx.db
      .selectFrom('blobs')
      .select(['uid', 'content_type', 'name', 'size'])
      .where('uid', '=', request.params.uid)
      .where('is_public', '=', true)
      .where('completed_at', 'is not', null)
      .executeTakeFirst();
    if (!blob || !(await blobs.exists(blob.uid))) throw ApiError.notFound('File');
    const { contentType, inline } = servedType(blob.content_type);
    reply
      .header('Content-Type', contentType)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'public, max-age=86400, immutable')
      .header(
        'Content-Disposition',
        `${inline ? 'inline' : 'attachment'}; filename="${encodeURIComponent(blob.name)}"`,
      );
    if (blob.size !== null) reply.header('Content-Length', String(blob.size));
    return reply.send(blobs.read(blob.uid));
  });
}
