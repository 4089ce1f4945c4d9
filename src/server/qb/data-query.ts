/**
 * Custom-object queries (docs/wire/hosted-chat.md §7 list and delete by criteria): `field=value`,
 * `field[lt|lte|gt|gte|ne|in|nin|all|ctn|exists]=…`, `sort_asc` / `sort_desc`, `skip`, `limit`
 * (default and maximum 100). Record fields live in a JSON column; a comparison is numeric when the
 * value given is a number and the stored value reads as one, textual otherwise.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { wholeNumber } from './filter-values';
import { list, obj, str, type Params } from './params';
import { QbError } from './wire';

export const FIELD = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const NUMBER = /^-?\d+(\.\d+)?$/;
const NOT_FILTERS = new Set(['skip', 'limit', 'sort_asc', 'sort_desc', 'count', 'token', 'output']);
const COLUMNS: Record<string, string> = { _id: 'r.id', user_id: 'r.user_id', _parent_id: 'r.parent_id' };
const TIMES = new Set(['created_at', 'updated_at']);
const COMPARE: Record<string, string> = { lt: '<', lte: '<=', gt: '>', gte: '>=', ne: '<>', eq: '=' };

function fieldCondition(field: string, op: string, raw: unknown): RawBuilder<SqlBool> {
  const text = str(raw) ?? '';
  if (TIMES.has(field)) {
    const sign = COMPARE[op];
    if (!sign || !NUMBER.test(text))
      throw QbError.invalid(field, 'compare it with lt/lte/gt/gte/ne and Unix seconds');
    return sql`extract(epoch from ${sql.ref(`r.${field}`)}) ${sql.raw(sign)} ${text}::numeric`;
  }
  if (COLUMNS[field]) {
    const ref = sql.ref(COLUMNS[field]);
    const cast = (v: string) => (field === 'user_id' ? wholeNumber(field, v, 32) : v);
    if (op === 'in' || op === 'nin') {
      const values = list(raw).map(cast);
      if (values.length === 0) return op === 'in' ? sql`false` : sql`true`;
      return sql`${ref} ${sql.raw(op === 'in' ? 'in' : 'not in')} (${sql.join(values)})`;
    }
    const sign = COMPARE[op];
    if (!sign) throw QbError.invalid(field, `unknown operator ${op}`);
    return sql`${ref} ${sql.raw(sign)} ${cast(text)}`;
  }
  const value = sql`r.fields ->> ${field}`;
  const json = sql`r.fields -> ${field}`;
  switch (op) {
    case 'exists':
      return text === 'false' || text === '0' ? sql`not (r.fields ? ${field})` : sql`r.fields ? ${field}`;
    case 'ctn':
      return sql`position(lower(${text}) in lower(${value})) > 0`;
    case 'in':
    case 'nin': {
      const values = list(raw);
      if (values.length === 0) return op === 'in' ? sql`false` : sql`true`;
      const inList = sql<SqlBool>`${value} in (${sql.join(values)})`;
      return op === 'in' ? inList : sql`not coalesce(${inList}, false)`;
    }
    case 'all': {
      const values = list(raw);
      return sql`jsonb_typeof(${json}) = 'array' and ${json} @> ${JSON.stringify(values)}::jsonb`;
    }
    default: {
      const sign = COMPARE[op];
      if (!sign) throw QbError.invalid(field, `unknown operator ${op}`);
      if (NUMBER.test(text) && op !== 'eq' && op !== 'ne') {
        // A case, not an `and`: PostgreSQL may cast before it tests the pattern.
        return sql`(case when ${value} ~ '^-?[0-9]+(\\.[0-9]+)?$' then (${value})::numeric end) ${sql.raw(sign)} ${text}::numeric`;
      }
      return sql`${value} ${sql.raw(sign)} ${text}`;
    }
  }
}

export function recordFilters(params: Params): RawBuilder<SqlBool>[] {
  const where: RawBuilder<SqlBool>[] = [];
  for (const [field, raw] of Object.entries(params)) {
    if (NOT_FILTERS.has(field)) continue;
    if (field === 'group_by' || field === 'or') {
      throw QbError.invalid(field, 'is not supported by this server');
    }
    if (!FIELD.test(field)) throw QbError.invalid(field, 'is not a field name');
    for (const [op, value] of Object.entries(obj(raw) ?? { eq: raw }))
      where.push(fieldCondition(field, op, value));
  }
  return where;
}

export function recordOrder(params: Params): RawBuilder<unknown> {
  const desc = str(params.sort_desc);
  const field = desc ?? str(params.sort_asc) ?? 'created_at';
  if (!FIELD.test(field)) throw QbError.invalid(desc ? 'sort_desc' : 'sort_asc', 'is not a field name');
  const direction = sql.raw(desc ? 'desc' : 'asc');
  if (TIMES.has(field)) return sql`${sql.ref(`r.${field}`)} ${direction}, r.id ${direction}`;
  if (COLUMNS[field]) return sql`${sql.ref(COLUMNS[field])} ${direction}`;
  return sql`r.fields -> ${field} ${direction} nulls last, r.id ${direction}`;
}
