/** Provider info, avatar, consultation counts and account cancellation (spec §7 "Account"). */
import type { FastifyInstance } from 'fastify';
import {
  AVATAR_CONTENT_TYPES,
  AVATAR_MAX_BYTES,
  cancelAccount,
  consultationCounts,
  getDoctorInfo,
  updateDoctorAvatar,
  updateDoctorInfo,
} from '../../shared/api/account';
import type { ServerContext } from '../context';
import { verifyPassword } from '../auth/passwords';
import { endSessions } from '../auth/sessions';
import { blobUrl, newBlobUid, sniffImageType, type BlobStore } from '../blobs/blob-store';
import type { Database } from '../db/database';
import { ApiError } from '../http/api-error';
import { uploadedFile } from '../http/input-checks';
import { registerEndpoint } from '../http/route';
import { saveTimeZone } from '../schedule/schedule-store';
import { clearAccount } from './close-account';
import { loadDoctorInfo } from './provider-info';

export async function countConsultations(db: Database, providerId: number) {
  const rows = await db
    .selectFrom('appointments')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('provider_id', '=', providerId)
    .groupBy('status')
    .execute();
  const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Record<string, number>;
  const upcoming = by.UPCOMING ?? 0;
  const inProgress = by.IN_PROGRESS ?? 0;
  const completed = by.COMPLETED ?? 0;
  const cancelled = by.CANCELLED ?? 0;
  return {
    having: upcoming + inProgress,
    upcoming,
    inProgress,
    completed,
    cancelled,
    total: upcoming + inProgress + completed + cancelled,
  };
}

/**
 * Basic info changes without a new review (spec §7 `updateDoctorInfo`): phone, language, time zone, country. The
 * name and title a reviewer approved (or is reviewing) change only with a new submission of the
 * profile (`addConsultInfoAudit`); sending them unchanged is fine.
 */
async function assertReviewedFieldsUnchanged(
  ctx: ServerContext,
  providerId: number,
  body: { firstName?: string; lastName?: string; title?: string },
): Promise<void> {
  const p = await ctx.db
    .selectFrom('providers')
    .select(['audit_status', 'first_name', 'last_name', 'title'])
    .where('id', '=', providerId)
    .executeTakeFirstOrThrow();
  if (p.audit_status === null) return;
  const changed = [
    body.firstName !== undefined && body.firstName !== p.first_name && 'firstName',
    body.lastName !== undefined && body.lastName !== p.last_name && 'lastName',
    body.title !== undefined && (body.title || null) !== p.title && 'title',
  ].filter((f): f is string => Boolean(f));
  if (changed.length > 0) {
    throw new ApiError(
      'INVALID_STATE',
      'Your name and title are part of the reviewed profile: change them in the profile and submit it again',
      { fields: changed.map((field) => ({ field, message: 'Part of the reviewed profile' })) },
    );
  }
}

export function registerProfileRoutes(app: FastifyInstance, ctx: ServerContext, blobs: BlobStore) {
  registerEndpoint(app, ctx, getDoctorInfo, ({ session }) =>
    loadDoctorInfo(ctx, session.providerId, session.provider),
  );

  registerEndpoint(app, ctx, updateDoctorInfo, async ({ body, session }) => {
    await assertReviewedFieldsUnchanged(ctx, session.providerId, body);
    const set = {
      ...(body.firstName !== undefined && { first_name: body.firstName }),
      ...(body.lastName !== undefined && { last_name: body.lastName }),
      ...(body.title !== undefined && { title: body.title || null }),
      ...(body.phone !== undefined && { phone: body.phone || null }),
      ...(body.language !== undefined && { language: body.language }),
      ...(body.country !== undefined && { country: body.country || null }),
    };
    if (Object.keys(set).length > 0) {
      await ctx.db
        .updateTable('providers')
        .set({ ...set, updated_at: new Date() })
        .where('id', '=', session.providerId)
        .execute();
      if (body.firstName !== undefined || body.lastName !== undefined) {
        const p = await ctx.db
          .selectFrom('providers')
          .select(['first_name', 'last_name', 'chat_id'])
          .where('id', '=', session.providerId)
          .executeTakeFirstOrThrow();
        await ctx.db
          .updateTable('chat_users')
          .set({ full_name: `${p.first_name} ${p.last_name}`, updated_at: new Date() })
          .where('id', '=', p.chat_id)
          .execute();
      }
    }
    if (body.timezone !== undefined) await saveTimeZone(ctx.db, session.providerId, body.timezone);
    return loadDoctorInfo(ctx, session.providerId);
  });

  registerEndpoint(app, ctx, updateDoctorAvatar, async ({ request, session }) => {
    // The route wrapper has refused anything but multipart/form-data.
    const file = await uploadedFile(request, AVATAR_MAX_BYTES, 'Choose an image to upload');
    if (!(AVATAR_CONTENT_TYPES as readonly string[]).includes(file.mimetype)) {
      file.file.resume();
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Use a JPEG, PNG, WebP or GIF image', {
        fields: [{ field: 'file', message: 'Unsupported image type' }],
      });
    }
    const uid = newBlobUid();
    const { size, head } = await blobs.write(uid, file.file, AVATAR_MAX_BYTES);
    const sniffed = sniffImageType(head);
    if (!sniffed) {
      await blobs.remove(uid);
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a valid image', {
        fields: [{ field: 'file', message: 'Not an image' }],
      });
    }
    const previous = await ctx.db.transaction().execute(async (trx) => {
      const blob = await trx
        .insertInto('blobs')
        .values({
          uid,
          name: file.filename.slice(0, 200) || 'avatar',
          content_type: sniffed,
          size,
          is_public: true,
          owner_chat_id: session.chatId,
          completed_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const old = await trx
        .selectFrom('providers')
        .leftJoin('blobs', 'blobs.id', 'providers.avatar_blob_id')
        .select(['blobs.id as id', 'blobs.uid as uid'])
        .where('providers.id', '=', session.providerId)
        .executeTakeFirst();
      await trx
        .updateTable('providers')
        .set({ avatar_blob_id: blob.id, updated_at: new Date() })
        .where('id', '=', session.providerId)
        .execute();
      if (old?.id) await trx.deleteFrom('blobs').where('id', '=', old.id).execute();
      return old?.uid ?? null;
    });
    if (previous) await blobs.remove(previous);
    return { avatar: blobUrl(uid) };
  });

  registerEndpoint(app, ctx, consultationCounts, ({ session }) =>
    countConsultations(ctx.db, session.providerId),
  );

  registerEndpoint(app, ctx, cancelAccount, async ({ body, session }) => {
    const row = await ctx.db
      .selectFrom('providers')
      .select('password_hash')
      .where('id', '=', session.providerId)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(body.password, row.password_hash))) {
      throw ApiError.validation([
        { field: 'password', message: 'The password is incorrect', rule: 'wrong_password' },
      ]);
    }
    const counts = await countConsultations(ctx.db, session.providerId);
    if (counts.having > 0) {
      throw new ApiError(
        'ACCOUNT_HAS_CONSULTATIONS',
        `You still have ${counts.having} upcoming or ongoing consultation${counts.having === 1 ? '' : 's'}; complete or cancel them first`,
        counts,
      );
    }
    // Personal data is removed; the row stays for the history of past consultations.
    await clearAccount(ctx.db, session.providerId);
    await endSessions(ctx, session.providerId, 'CANCELLED');
    return null;
  });
}
