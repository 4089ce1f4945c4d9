/**
 * `GET /chat/Message.json` filters (docs/wire/hosted-chat.md §5.2, docs "List Messages" operators):
 * `_id`, `date_sent`, `sender_id`, `recipient_id`, `updated_at` with `lt/lte/gt/gte/ne/in/nin`,
 * `message[ctn]`, `sort_asc` / `sort_desc`. Filters not in that list are answered 422.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { storedOrder } from '../chat-history/messages';
import { dateTime, wholeNumber } from './filter-values';
import { list, obj, str, type Params } from './params';
import { QbError } from './wire';

const OPS: Record<string, string> = { lt: '<', lte: '<=', gt: '>', gte: '>=', ne: '<>', eq: '=' };
const FIELDS: Record<string, string> = {
  _id: 'm.id',
  date_sent: 'm.date_sent',
  sender_id: 'm.sender_id',
  recipient_id: 'm.recipient_id',
  updated_at: 'm.updated_at',
  created_at: 'm.created_at',
};
const NOT_FILTERS = new Set([
  'chat_dialog_id',
  'limit',
  'skip',
  'sort_asc',
  'sort_desc',
  'mark_as_read',
  'count',
  'token',
]);

function value(field: string, text: string): string | number | Date {
  if (field === '_id') return text;
  if (field === 'updated_at' || field === 'created_at') return dateTime(field, text);
  // date_sent is a `bigint` of Unix seconds; the user ids are `integer`.
  return wholeNumber(field, text, field === 'date_sent' ? 64 : 32);
}

export function messageFilters(params: Params): RawBuilder<SqlBool>[] {
  const where: RawBuilder<SqlBool>[] = [];
  for (const [field, raw] of Object.entries(params)) {
    if (NOT_FILTERS.has(field)) continue;
    if (field === 'message') {
      const ops = obj(raw);
      const needle = str(ops?.ctn);
      if (needle === undefined) throw QbError.invalid('message', 'only message[ctn] is supported');
      where.push(sql`position(lower(${needle}) in lower(m.body)) > 0`);
      continue;
    }
    const column = FIELDS[field];
    if (!column) throw QbError.invalid(field, 'is not a message filter');
    for (const [op, v] of Object.entries(obj(raw) ?? { eq: raw })) {
      const ref = sql.ref(column);
      if (op === 'in' || op === 'nin') {
        const values = list(v).map((t) => value(field, t));
        if (values.length === 0) where.push(op === 'in' ? sql`false` : sql`true`);
        else where.push(sql`${ref} ${sql.raw(op === 'in' ? 'in' : 'not in')} (${sql.join(values)})`);
      } else if (OPS[op]) {
        where.push(sql`${ref} ${sql.raw(OPS[op])} ${value(field, str(v) ?? '')}`);
      } else {
        throw QbError.invalid(field, `unknown operator ${op}`);
      }
    }
  }
  return where;
}

export function messageOrder(params: Params): RawBuilder<unknown> {
  const desc = str(params.sort_desc);
  const asc = str(params.sort_asc);
  const field = desc ?? asc ?? 'date_sent';
  const column = FIELDS[field];
  if (!column) throw QbError.invalid(desc ? 'sort_desc' : 'sort_asc', `cannot sort by ${field}`);
  const direction = desc ? 'desc' : 'asc';
  return sql`${sql.ref(column)} ${sql.raw(direction)}, ${storedOrder(direction)}`;
}
