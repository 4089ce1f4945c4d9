/**
 * Request parameters as the vendor's SDK sends them (docs/wire/hosted-chat.md §2.2, §21.2): query and
 * body (form or JSON) merged into one object. Form keys `a[b]` nest one level per bracket,
 * `a[]` keeps its value as sent (one comma-joined string, or several if repeated), JSON bodies
 * arrive nested already. Helpers read the merged values leniently: numbers as text, arrays from
 * comma-joined text (`occupants_ids` as "1, 2"). What no field can hold is refused for every
 * route before it runs (docs/security.md "Chat-service input"): NUL characters anywhere (keys,
 * values, path parameters) and nesting deeper than {@link MAX_DEPTH}.
 */
import type { FastifyRequest } from 'fastify';
import { QbError } from './wire';

export type Params = Record<string, unknown>;

const UNSAFE = new Set(['__proto__', 'constructor', 'prototype']);

/** Deepest nesting of a parameter (`a[b][c]` or JSON); the vendor's objects use two or three. */
export const MAX_DEPTH = 16;

/** PostgreSQL's `integer`: ids, sizes, counts. */
export const INT4_MAX = 2_147_483_647;

const NUL = '\u0000';

/**
 * Refuses a request part (`query`, `body`, `params`) holding a NUL character or nested deeper
 * than MAX_DEPTH, naming the top-level field. Iterative, so no input can exhaust the stack.
 */
export function checkInput(value: unknown): void {
  const pending: Array<{ field: string; value: unknown; depth: number }> = [
    { field: 'base', value, depth: 0 },
  ];
  while (pending.length > 0) {
    const item = pending.pop()!;
    if (typeof item.value === 'string') {
      if (item.value.includes(NUL)) throw QbError.invalid(item.field, 'must not contain NUL characters');
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth > MAX_DEPTH)
      throw QbError.invalid(item.field, `is nested deeper than ${MAX_DEPTH} levels`);
    for (const [key, child] of Object.entries(item.value)) {
      const field = item.depth === 0 ? key : item.field;
      if (key.includes(NUL))
        throw QbError.invalid(item.depth === 0 ? 'base' : field, 'must not contain NUL characters');
      if (item.depth === 0 && (key.match(/\[/g)?.length ?? 0) >= MAX_DEPTH)
        throw QbError.invalid(key.split('[')[0] || 'base', `is nested deeper than ${MAX_DEPTH} levels`);
      pending.push({ field, value: child, depth: item.depth + 1 });
    }
  }
}

function pathOf(key: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return [key];
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '');
  const path = [match[1]!, ...rest];
  // `a[]` means "the value is a list": keep the value under `a`.
  if (path[path.length - 1] === '') path.pop();
  return path.some((p) => UNSAFE.has(p) || p === '') ? null : path;
}

function assign(target: Params, key: string, value: unknown): void {
  const path = pathOf(key);
  if (!path) return;
  let node = target;
  for (const segment of path.slice(0, -1)) {
    const next = node[segment];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[segment] = {};
    node = node[segment] as Params;
  }
  node[path[path.length - 1]!] = value;
}

function mergeInto(target: Params, source: unknown): void {
  if (typeof source !== 'object' || source === null || Array.isArray(source)) return;
  for (const [key, value] of Object.entries(source)) assign(target, key, value);
}

/** Query, then body: a body value wins over a query value of the same name. */
export function readParams(request: FastifyRequest): Params {
  const params: Params = {};
  mergeInto(params, request.query);
  mergeInto(params, request.body);
  return params;
}

export function str(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.length === 1) return str(value[0]);
  return undefined;
}

/** A whole number of at most 15 digits (safe in JavaScript and in a `bigint` column), else undefined. */
export function int(value: unknown): number | undefined {
  const text = str(value)?.trim();
  if (!text || !/^-?\d{1,15}$/.test(text)) return undefined;
  return Number(text);
}

/** A whole number that fits an `integer` column (ids), else undefined. */
export function int32(value: unknown): number | undefined {
  const n = int(value);
  return n !== undefined && Math.abs(n) <= INT4_MAX ? n : undefined;
}

/** `1`, `"1"`, `true`, `"true"` are true; anything else false. */
export function flag(value: unknown): boolean {
  const text = str(value)?.trim().toLowerCase();
  return text === '1' || text === 'true';
}

/** A list from an array, repeated keys or comma-joined text; items trimmed, empties dropped. */
export function list(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const items = Array.isArray(value) ? value : [value];
  return items
    .flatMap((item) => (typeof item === 'object' && item !== null ? [] : String(item).split(',')))
    .map((s) => s.trim())
    .filter(Boolean);
}

export function intList(value: unknown): number[] | null {
  const items = list(value);
  if (!items.every((s) => /^\d{1,10}$/.test(s) && Number(s) <= INT4_MAX)) return null;
  return items.map(Number);
}

export function obj(value: unknown): Params | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Params) : undefined;
}

/** `page` (from 1) and `per_page` (1–100, default 10) of the vendor's paged lists (wire §4, §6, §9). */
export function pageParams(params: Params): { page: number; perPage: number } {
  return {
    page: Math.max(1, int(params.page) ?? 1),
    perPage: Math.min(100, Math.max(1, int(params.per_page) ?? 10)),
  };
}
