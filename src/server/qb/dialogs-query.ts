/**
 * `GET /chat/Dialog.json` filters (docs/wire/hosted-chat.md §5.1): `limit`, `skip`, `sort_asc` /
 * `sort_desc`, `type` (`type[in]=1,2`), `_id`, `name`, dates with `lt/lte/gt/gte`, `data[field]`,
 * and `count=1` for the number only. Filters the SDK does not name are answered 422, not ignored.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { dateTime, wholeNumber } from './filter-values';
import { int, list, obj, str, type Params } from './params';
import { QbError } from './wire';

const SORTABLE: Record<string, string> = {
  last_message_date_sent: 'd.last_message_date_sent',
  created_at: 'd.created_at',
  updated_at: 'd.updated_at',
  name: 'd.name',
  _id: 'd.id',
  type: 'd.type',
};

const NUMBER_OPS: Record<string, string> = { lt: '<', lte: '<=', gt: '>', gte: '>=', ne: '<>' };
const NOT_FILTERS = new Set(['limit', 'skip', 'sort_asc', 'sort_desc', 'count', 'token']);

/** `last_message_date_sent` is a `bigint` of Unix seconds; the other dates are timestamps. */
function dateValue(field: string, value: string): number | Date {
  if (field !== 'last_message_date_sent') return dateTime(field, value);
  if (/^\d+(\.\d+)?$/.test(value)) return wholeNumber(field, value.split('.')[0]!, 64);
  return Math.floor(dateTime(field, value).getTime() / 1000);
}

/** One condition per filter parameter (the viewer's visibility is added by the caller). */
export function dialogFilters(params: Params): RawBuilder<SqlBool>[] {
  const where: RawBuilder<SqlBool>[] = [];
  for (const [field, raw] of Object.entries(params)) {
    if (NOT_FILTERS.has(field)) continue;
    const ops = obj(raw) ?? { eq: raw };
    for (const [op, value] of Object.entries(ops)) {
      const text = str(value) ?? '';
      if (field === 'type' || field === '_id') {
        const column = sql.ref(field === 'type' ? 'd.type' : 'd.id');
        const values = field === 'type' ? list(value).map(Number) : list(value);
        if (field === 'type' && values.some((v) => ![1, 2, 3].includes(v as number))) {
          throw QbError.invalid('type', 'must be 1, 2 or 3');
        }
        if (op === 'eq' || op === 'in')
          where.push(values.length ? sql`${column} in (${sql.join(values)})` : sql`false`);
        else if (op === 'nin' || op === 'ne')
          where.push(values.length ? sql`${column} not in (${sql.join(values)})` : sql`true`);
        else throw QbError.invalid(field, `unknown operator ${op}`);
      } else if (field === 'name') {
        if (op === 'eq') where.push(sql`d.name = ${text}`);
        else if (op === 'ctn') where.push(sql`position(lower(${text}) in lower(d.name)) > 0`);
        else throw QbError.invalid(field, `unknown operator ${op}`);
      } else if (field === 'last_message_date_sent' || field === 'created_at' || field === 'updated_at') {
        const sign = NUMBER_OPS[op] ?? (op === 'eq' ? '=' : null);
        if (!sign) throw QbError.invalid(field, `unknown operator ${op}`);
        where.push(sql`${sql.ref(`d.${field}`)} ${sql.raw(sign)} ${dateValue(field, text)}`);
      } else if (field === 'data') {
        for (const [key, v] of Object.entries(obj(raw) ?? {})) {
          where.push(sql`d.data ->> ${key} = ${str(v) ?? ''}`);
        }
        break;
      } else {
        throw QbError.invalid(field, 'is not a dialog filter');
      }
    }
  }
  return where;
}

export function dialogOrder(params: Params): { column: string; direction: 'asc' | 'desc' } {
  const asc = str(params.sort_asc);
  const desc = str(params.sort_desc);
  const field = desc ?? asc ?? 'last_message_date_sent';
  const column = SORTABLE[field];
  if (!column) throw QbError.invalid(desc ? 'sort_desc' : 'sort_asc', `cannot sort by ${field}`);
  return { column, direction: asc && !desc ? 'asc' : 'desc' };
}

export function limitSkip(params: Params, fallback = 100, max = 1000): { limit: number; skip: number } {
  const limit = int(params.limit) ?? fallback;
  const skip = int(params.skip) ?? 0;
  if (limit < 1 || limit > max) throw QbError.invalid('limit', `must be between 1 and ${max}`);
  if (skip < 0) throw QbError.invalid('skip', 'must not be negative');
  return { limit, skip };
}
