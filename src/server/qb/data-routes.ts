/**
 * Custom objects (docs/wire/hosted-chat.md §7): records by class — create, list with filters, get by
 * ids, update, delete by id / ids / criteria (`DELETE …/by_criteria.json` with a form body), and
 * file fields. A user reads and changes only its own records; another user's are refused.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { ServerContext } from '../context';
import type { BlobStore } from '../blobs/blob-store';
import { fileFieldsOf, registerDataFileRoutes } from './data-files';
import { recordFilters, recordOrder } from './data-query';
import {
  applyUpdate,
  checkFileFields,
  CLASS_NAME,
  plainFields,
  recordJson,
  type RecordRow,
} from './data-records';
import { newObjectId } from '../chat-history/object-id';
import { flag, int, list, readParams, str } from './params';
import { USER, userOf } from './scope';
import { QbError } from './wire';

type ClassParams = { Params: { cls: string } };
type RecordParams = { Params: { cls: string; ids: string } };

export function checkClass(name: string): string {
  if (!CLASS_NAME.test(name)) throw QbError.invalid('class_name', 'must be letters, digits and _');
  return name;
}

export function registerDataRoutes(scope: FastifyInstance, ctx: ServerContext, blobs: BlobStore) {
  /** Records of `ids` in `cls`, each checked to be the user's own. */
  async function ownRecords(cls: string, ids: string[], me: number): Promise<RecordRow[]> {
    if (ids.length === 0) return [];
    const rows = await ctx.db
      .selectFrom('qb_records')
      .selectAll()
      .where('class_name', '=', cls)
      .where('id', 'in', ids)
      .execute();
    if (rows.length !== new Set(ids).size) throw QbError.notFound('Record');
    if (rows.some((r) => r.user_id !== me))
      throw QbError.forbidden('You can only read and change your own records');
    return rows;
  }

  /**
   * Deletes the records `where` selects with the blobs of their file fields, in one transaction;
   * the bytes go once it committed (docs/security.md "File access").
   */
  async function deleteRecords(where: RawBuilder<SqlBool>): Promise<string[]> {
    const { ids, uids } = await ctx.db.transaction().execute(async (trx) => {
      const files = await sql<{ uid: string }>`delete from blobs
        where record_id in (select r.id from qb_records r where ${where}) returning uid`.execute(trx);
      const gone = await sql<{ id: string }>`delete from qb_records r where ${where} returning r.id`.execute(
        trx,
      );
      return { ids: gone.rows.map((r) => r.id), uids: files.rows.map((r) => r.uid) };
    });
    for (const uid of uids) await blobs.remove(uid);
    return ids;
  }

  scope.post<ClassParams>('/data/:cls.json', USER, async (request, reply) => {
    const cls = checkClass(request.params.cls);
    const params = readParams(request);
    const parent = str(params._parent_id) ?? null;
    const fields = plainFields(params);
    checkFileFields({}, fields, new Set());
    const row = await ctx.db
      .insertInto('qb_records')
      .values({
        id: newObjectId(),
        class_name: cls,
        user_id: userOf(request),
        parent_id: parent,
        fields: JSON.stringify(fields),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return reply.code(201).send(recordJson(row));
  });

  scope.get<ClassParams>('/data/:cls.json', USER, async (request) => {
    const cls = checkClass(request.params.cls);
    const params = readParams(request);
    const me = userOf(request);
    const where = sql.join(
      [sql`r.class_name = ${cls}`, sql`r.user_id = ${me}`, ...recordFilters(params)],
      sql` and `,
    );
    if (flag(params.count)) {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::integer as n from qb_records r where ${where}`.execute(ctx.db);
      return { items_count: rows[0]?.n ?? 0 };
    }
    const skip = Math.max(0, int(params.skip) ?? 0);
    const asked = int(params.limit) ?? 100;
    // §7 "limit (default and max 100; −1 = last only)".
    const limit = asked === -1 ? 1 : Math.min(100, Math.max(1, asked));
    const order = asked === -1 ? sql`r.created_at desc, r.id desc` : recordOrder(params);
    const { rows } = await sql<RecordRow>`select r.* from qb_records r where ${where}
      order by ${order} limit ${limit} offset ${skip}`.execute(ctx.db);
    return { class_name: cls, skip, limit, items: rows.map(recordJson) };
  });

  scope.get<RecordParams>('/data/:cls/:ids.json', USER, async (request) => {
    const cls = checkClass(request.params.cls);
    const rows = await ownRecords(cls, list(request.params.ids), userOf(request));
    return { class_name: cls, skip: 0, limit: rows.length, items: rows.map(recordJson) };
  });

  scope.put<RecordParams>('/data/:cls/:ids.json', USER, async (request) => {
    const cls = checkClass(request.params.cls);
    const [row] = await ownRecords(cls, [request.params.ids], userOf(request));
    const params = readParams(request);
    const fields = applyUpdate(row!.fields, params);
    checkFileFields(row!.fields, fields, await fileFieldsOf(ctx.db, row!.id));
    const updated = await ctx.db
      .updateTable('qb_records')
      .set({
        fields: JSON.stringify(fields),
        ...('_parent_id' in params ? { parent_id: str(params._parent_id) || null } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', row!.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return recordJson(updated);
  });

  scope.delete<ClassParams>('/data/:cls/by_criteria.json', USER, async (request) => {
    const cls = checkClass(request.params.cls);
    const where = sql.join(
      [
        sql`r.class_name = ${cls}`,
        sql`r.user_id = ${userOf(request)}`,
        ...recordFilters(readParams(request)),
      ],
      sql` and `,
    );
    const deleted = await deleteRecords(sql<SqlBool>`${where}`);
    return { total_deleted: deleted.length };
  });

  scope.delete<RecordParams>('/data/:cls/:ids.json', USER, async (request, reply) => {
    const cls = checkClass(request.params.cls);
    const me = userOf(request);
    const ids = list(request.params.ids);
    const rows = ids.length
      ? await ctx.db
          .selectFrom('qb_records')
          .select(['id', 'user_id'])
          .where('class_name', '=', cls)
          .where('id', 'in', ids)
          .execute()
      : [];
    const result = {
      SuccessfullyDeleted: { ids: [] as string[] },
      NotFound: { ids: [] as string[] },
      WrongPermissions: { ids: [] as string[] },
    };
    for (const id of ids) {
      const row = rows.find((r) => r.id === id);
      if (!row) result.NotFound.ids.push(id);
      else if (row.user_id !== me) result.WrongPermissions.ids.push(id);
      else result.SuccessfullyDeleted.ids.push(id);
    }
    if (ids.length === 1 && result.NotFound.ids.length) throw QbError.notFound('Record');
    if (ids.length === 1 && result.WrongPermissions.ids.length)
      throw QbError.forbidden('You can only delete your own records');
    if (result.SuccessfullyDeleted.ids.length) {
      const gone = result.SuccessfullyDeleted.ids;
      await deleteRecords(sql`r.class_name = ${cls} and r.user_id = ${me} and r.id in (${sql.join(gone)})`);
    }
    return reply.code(200).send(result);
  });

  registerDataFileRoutes(scope, ctx, blobs, ownRecords);
}
