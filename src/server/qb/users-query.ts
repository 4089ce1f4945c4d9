/**
 * `GET /users.json` filters and order (docs/wire/hosted-chat.md §4): filter items are
 * `"<type> <field> <operator> <value>"`, several of them arrive as ONE comma-joined `filter[]`
 * value (§2.2), so a comma piece that does not start a new item continues the previous value
 * (`number id in 1,2,3`). Order is `"<asc|desc> <type> <field>"`. Fields are an allowlist. On
 * the fields hidden from other users (e-mail, phone: user-format.ts) only an exact match is taken
 * (`eq`, `in`), answering what `/users/by_email.json` and `/users/phone.json` already answer
 * (the vendor's spec filters by e-mail); ranges, prefixes and orders on them are refused, so a
 * count cannot reveal them piece by piece (docs/security.md "Chat-service input").
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { dateTime, wholeNumber } from './filter-values';
import { list, str } from './params';
import { QbError } from './wire';

type Kind = 'number' | 'text' | 'date';

const FIELDS: Record<string, { column: string; kind: Kind }> = {
  id: { column: 'id', kind: 'number' },
  full_name: { column: 'full_name', kind: 'text' },
  email: { column: 'email', kind: 'text' },
  login: { column: 'login', kind: 'text' },
  phone: { column: 'phone', kind: 'text' },
  website: { column: 'website', kind: 'text' },
  external_user_id: { column: 'external_user_id', kind: 'text' },
  facebook_id: { column: 'facebook_id', kind: 'text' },
  twitter_id: { column: 'twitter_id', kind: 'text' },
  blob_id: { column: 'blob_id', kind: 'number' },
  created_at: { column: 'created_at', kind: 'date' },
  updated_at: { column: 'updated_at', kind: 'date' },
  last_request_at: { column: 'last_request_at', kind: 'date' },
};

/** Shown to their owner only (user-format.ts): matched exactly or not at all, never an order. */
const HIDDEN = new Set(['email', 'phone']);
const EXACT = new Set(['eq', 'in']);

function checkVisible(field: string, param: 'filter' | 'order', operator?: string): void {
  if (HIDDEN.has(field) && !(operator && EXACT.has(operator)))
    throw QbError.invalid(
      param,
      `cannot use ${field} ${param === 'order' ? 'as an order' : `with ${operator}`}: it is hidden from other users (only eq and in match it)`,
    );
}

const OPERATORS = ['lt', 'gt', 'le', 'ge', 'eq', 'ne', 'between', 'in'] as const;
type Operator = (typeof OPERATORS)[number];

export interface UserFilter {
  field: string;
  operator: Operator;
  value: string;
}

const ITEM = /^\s*(string|number|date|boolean|integer|float|object)\s+(\w+)\s+(\w+)\s+([\s\S]*)$/;

export function parseUserFilters(raw: unknown): UserFilter[] {
  const pieces = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).flatMap((v) =>
    String(v).split(','),
  );
  const filters: UserFilter[] = [];
  for (const piece of pieces) {
    const match = ITEM.exec(piece);
    if (match) {
      const [, , field, operator, value] = match;
      if (!FIELDS[field!]) throw QbError.invalid('filter', `cannot filter by ${field}`);
      if (!(OPERATORS as readonly string[]).includes(operator!)) {
        throw QbError.invalid('filter', `unknown operator ${operator}`);
      }
      checkVisible(field!, 'filter', operator);
      filters.push({ field: field!, operator: operator as Operator, value: value!.trim() });
    } else if (filters.length > 0) {
      filters[filters.length - 1]!.value += `,${piece.trim()}`;
    } else if (piece.trim()) {
      throw QbError.invalid('filter', 'must be "<type> <field> <operator> <value>"');
    }
  }
  return filters;
}

function typed(kind: Kind, value: string): string | number | Date {
  // Number columns (id, blob_id) are `integer`.
  if (kind === 'number') return wholeNumber('filter', value, 32);
  if (kind === 'date') return dateTime('filter', value);
  return value;
}

export function filterExpression(filter: UserFilter): Expression<SqlBool> {
  const { column, kind } = FIELDS[filter.field]!;
  // E-mail matches as /users/by_email.json does: whatever the case.
  const email = column === 'email';
  const ref = email ? sql`lower(chat_users.email)` : sql.ref(`chat_users.${column}`);
  const typedValue = (value: string) => (email ? value.toLowerCase() : typed(kind, value));
  const one = () => typedValue(filter.value);
  switch (filter.operator) {
    case 'lt':
      return sql<SqlBool>`${ref} < ${one()}`;
    case 'gt':
      return sql<SqlBool>`${ref} > ${one()}`;
    case 'le':
      return sql<SqlBool>`${ref} <= ${one()}`;
    case 'ge':
      return sql<SqlBool>`${ref} >= ${one()}`;
    case 'eq':
      return sql<SqlBool>`${ref} = ${one()}`;
    case 'ne':
      return sql<SqlBool>`${ref} is distinct from ${one()}`;
    case 'between': {
      const [low, high] = list(filter.value);
      if (low === undefined || high === undefined)
        throw QbError.invalid('filter', 'between needs two values');
      return sql<SqlBool>`${ref} between ${typed(kind, low)} and ${typed(kind, high)}`;
    }
    case 'in': {
      const values = list(filter.value).map(typedValue);
      if (values.length === 0) return sql<SqlBool>`false`;
      return sql<SqlBool>`${ref} in (${sql.join(values)})`;
    }
  }
}

export function parseUserOrder(raw: unknown): { column: string; direction: 'asc' | 'desc' } {
  const text = str(raw)?.trim();
  if (!text) return { column: 'id', direction: 'asc' };
  const match = /^(asc|desc)\s+\w+\s+(\w+)$/.exec(text);
  if (!match || !FIELDS[match[2]!]) throw QbError.invalid('order', 'must be "<asc|desc> <type> <field>"');
  checkVisible(match[2]!, 'order');
  return { column: FIELDS[match[2]!]!.column, direction: match[1] as 'asc' | 'desc' };
}
