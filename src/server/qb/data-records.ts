/**
 * Custom-object records (docs/wire/hosted-chat.md §7): the vendor's shape (`_id`, `_parent_id`,
 * `user_id`, numeric `created_at` / `updated_at`, then the fields), and updates with plain values
 * or the operators `inc`, `push`, `pull`, `pull_all`, `add_to_set` (`{"inc": {"count": 1}}`).
 */
import type { Selectable } from 'kysely';
import type { QbRecordsTable } from '../db/schema';
import { FIELD } from './data-query';
import { obj, type Params } from './params';
import { QbError } from './wire';

export type RecordRow = Selectable<QbRecordsTable>;

export const CLASS_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const SYSTEM = new Set([
  '_id',
  'user_id',
  'created_at',
  'updated_at',
  '_parent_id',
  'permissions',
  'token',
  'class_name',
]);
const OPERATORS = new Set(['inc', 'push', 'pull', 'pull_all', 'add_to_set']);

export function recordJson(row: RecordRow) {
  return {
    _id: row.id,
    _parent_id: row.parent_id,
    created_at: Math.floor(row.created_at.getTime() / 1000),
    updated_at: Math.floor(row.updated_at.getTime() / 1000),
    user_id: row.user_id,
    ...row.fields,
  };
}

/** Plain fields of a create or update body; system names are skipped, bad names refused. */
export function plainFields(params: Params): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (SYSTEM.has(key) || OPERATORS.has(key)) continue;
    if (!FIELD.test(key)) throw QbError.invalid(key, 'is not a valid field name');
    fields[key] = value;
  }
  if (JSON.stringify(fields).length > 64 * 1024)
    throw QbError.invalid('base', 'the record is larger than 64 KB');
  return fields;
}

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

export function applyUpdate(current: Record<string, unknown>, params: Params): Record<string, unknown> {
  const next = { ...current, ...plainFields(params) };
  for (const op of OPERATORS) {
    const changes = obj(params[op]);
    if (!changes) continue;
    for (const [field, value] of Object.entries(changes)) {
      if (!FIELD.test(field)) throw QbError.invalid(field, 'is not a valid field name');
      const existing = next[field];
      const items = Array.isArray(existing) ? existing : existing === undefined ? [] : [existing];
      if (op === 'inc') {
        const by = Number(value);
        if (!Number.isFinite(by)) throw QbError.invalid(field, 'inc needs a number');
        next[field] = (Number(existing) || 0) + by;
      } else if (op === 'push') {
        next[field] = [...items, ...asList(value)];
      } else if (op === 'add_to_set') {
        next[field] = [...items, ...asList(value).filter((v) => !items.some((i) => String(i) === String(v)))];
      } else {
        const gone = asList(value).map(String);
        next[field] = items.filter((i) => !gone.includes(String(i)));
      }
    }
  }
  return next;
}

const isFileValue = (value: unknown) => obj(value) !== undefined && 'file_id' in obj(value)!;

/**
 * A create or update may not write a file field (docs/security.md "File access"): a value shaped
 * like one (`{file_id, …}`) is refused, and so is any change to a field that holds an uploaded
 * file (`held`) — files come in through `…/file.json` only and leave through its DELETE.
 */
export function checkFileFields(
  current: Record<string, unknown>,
  next: Record<string, unknown>,
  held: ReadonlySet<string>,
): void {
  for (const field of new Set([...Object.keys(current), ...Object.keys(next)])) {
    if (JSON.stringify(current[field]) === JSON.stringify(next[field])) continue;
    if (held.has(field))
      throw QbError.invalid(field, 'holds a file: upload a new one to file.json or delete it there');
    if (isFileValue(next[field]))
      throw QbError.invalid(field, 'is a file field: upload the file to file.json');
  }
}
