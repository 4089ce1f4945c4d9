/**
 * Address book (docs/wire/hosted-chat.md §8): upload (JSON `{contacts:[{name, phone, destroy?}],
 * force?, udid?}`), get (in upload order, as the vendor's spec expects), and the registered users
 * among the contacts. An empty book answers 404
 * `{"errors":["Empty address book"]}` (§8 "404 rule", §21.3). The SDK's GET with a udid sends the
 * JSON text itself as the query string (`?{"udid":"…"}`, §2.2), which is read here too.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ServerContext } from '../context';
import { flag, obj, readParams, str } from './params';
import { USER, userOf } from './scope';
import { userJson, type ChatUserRow } from './user-format';
import { QbError } from './wire';

const EMPTY = () => new QbError(404, ['Empty address book']);
const PHONE = /^\+?[\d\s().-]{3,32}$/;
const digits = (phone: string) => phone.replace(/\D/g, '');

function udidOf(request: FastifyRequest): string {
  const query = (request.query ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(query)) {
    if (!key.startsWith('{')) continue;
    try {
      const parsed = JSON.parse(key) as unknown;
      const udid = str(obj(parsed)?.udid);
      if (udid) return udid.slice(0, 128);
    } catch {
      throw QbError.invalid('udid', 'the query is not valid JSON');
    }
  }
  return (str(query.udid) ?? '').slice(0, 128);
}

export function registerAddressBookRoutes(scope: FastifyInstance, ctx: ServerContext) {
  const book = (userId: number, udid: string) =>
    ctx.db
      .selectFrom('qb_address_book')
      .select(['name', 'phone'])
      .where('user_id', '=', userId)
      .where('udid', '=', udid)
      .orderBy('position')
      .execute();

  scope.post('/address_book.json', USER, async (request) => {
    const me = userOf(request);
    const params = readParams(request);
    if (!Array.isArray(params.contacts)) throw QbError.invalid('contacts', 'must be an array');
    const udid = (str(params.udid) ?? '').slice(0, 128);
    const result = { deleted: 0, rejected: {} as Record<string, string[]>, created: 0, updated: 0 };
    await ctx.db.transaction().execute(async (trx) => {
      if (flag(params.force)) {
        const removed = await trx
          .deleteFrom('qb_address_book')
          .where('user_id', '=', me)
          .where('udid', '=', udid)
          .executeTakeFirst();
        result.deleted += Number(removed.numDeletedRows);
      }
      for (const [index, raw] of (params.contacts as unknown[]).entries()) {
        const contact = obj(raw);
        const phone = str(contact?.phone)?.trim();
        if (!contact || !phone || !PHONE.test(phone)) {
          result.rejected[String(index)] = ['phone is invalid'];
          continue;
        }
        if (flag(contact.destroy)) {
          const removed = await trx
            .deleteFrom('qb_address_book')
            .where('user_id', '=', me)
            .where('udid', '=', udid)
            .where('phone', '=', phone)
            .executeTakeFirst();
          result.deleted += Number(removed.numDeletedRows);
          continue;
        }
        const name = (str(contact.name) ?? '').trim().slice(0, 100);
        const existing = await trx
          .selectFrom('qb_address_book')
          .select('phone')
          .where('user_id', '=', me)
          .where('udid', '=', udid)
          .where('phone', '=', phone)
          .executeTakeFirst();
        await trx
          .insertInto('qb_address_book')
          .values({ user_id: me, udid, phone, name })
          .onConflict((oc) => oc.columns(['user_id', 'udid', 'phone']).doUpdateSet({ name }))
          .execute();
        if (existing) result.updated += 1;
        else result.created += 1;
      }
    });
    return result;
  });

  scope.get('/address_book.json', USER, async (request) => {
    const contacts = await book(userOf(request), udidOf(request));
    if (contacts.length === 0) throw EMPTY();
    return contacts;
  });

  scope.get('/address_book/registered_users.json', USER, async (request) => {
    const me = userOf(request);
    const contacts = await book(me, udidOf(request));
    if (contacts.length === 0) throw EMPTY();
    const wanted = [...new Set(contacts.map((c) => digits(c.phone)).filter(Boolean))];
    const rows = (await ctx.db
      .selectFrom('chat_users')
      .selectAll()
      .where(sql<string>`regexp_replace(coalesce(phone, ''), '\\D', '', 'g')`, 'in', wanted)
      .where('id', '<>', me)
      .execute()) as ChatUserRow[];
    const compact = flag(readParams(request).compact);
    return {
      items: rows.map((row) => ({
        // The caller knows these numbers already: they come from its own book.
        user: compact ? { id: row.id, phone: row.phone } : { ...userJson(row, me), phone: row.phone },
      })),
    };
  });
}
