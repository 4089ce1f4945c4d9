/**
 * Requests for every `/qb` route (read from the chat-service module, tests/support/qb-routes.ts)
 * in the vendor's encodings (docs/wire/hosted-chat.md §2.2) with valid-ish and hostile values,
 * and the check every answer must pass: never a 5xx, every refusal the vendor's `{ errors }`.
 */
import fc from 'fast-check';
import { hostileValue } from './arbitraries';
import { encodeSegment } from './contract';
import { formPairs } from './http-requests';
import type { QbRoute } from '../qb-routes';

export interface QbFuzzRequest {
  method: string;
  url: string;
  tokenKind: 'live' | 'none' | 'forged';
  mode: 'form' | 'json' | 'text' | 'malformed' | 'none';
  params: Record<string, unknown>;
}

/** Names the vendor's clients send (§4–§19); the values are what the SDK sends, or worse. */
const FIELDS = [
  'login',
  'password',
  'email',
  'full_name',
  'tags',
  'chat_dialog_id',
  'type',
  'name',
  'occupants_ids',
  'message',
  'recipient_id',
  'read',
  'mark_as_read',
  'limit',
  'skip',
  'sort_desc',
  'sort_asc',
  'page',
  'per_page',
  'date_sent[gt]',
  '_id[in]',
  'user_id',
  'photo',
  'data',
  'push_all',
  'pull_all',
  'attachments',
  'filter',
  'contacts',
  'notification_channel',
  'event',
  'blob',
  'permissions',
  'custom_data',
] as const;

const plausible = fc.oneof(
  fc.constantFrom(
    '5f2a3c4d5e6f708192a3b4c5',
    'ffffffffffffffffffffffff',
    '200001',
    '100001',
    'member-ava',
    'provider-amelia',
  ),
  fc.integer({ min: -5, max: 2 ** 40 }),
  fc.string({ maxLength: 20 }),
  fc.array(fc.integer({ min: 1, max: 300_000 }), { maxLength: 4 }),
  fc.dictionary(
    fc.constantFrom('login', 'password', 'name', 'id', 'gt', 'in', 'class_name', 'type'),
    fc.string({ maxLength: 12 }),
    {
      maxKeys: 3,
    },
  ),
);

const pathValue = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom('5f2a3c4d5e6f708192a3b4c5', '200001', '100001', '1', 'Note', 'Dialog'),
  },
  {
    weight: 1,
    arbitrary: hostileValue.map((v) =>
      (typeof v === 'object' ? JSON.stringify(v) : String(v)).slice(0, 3000),
    ),
  },
);

/**
 * Requests for `route`. `known` are real ids of other users' things (a dialog, a message, a user):
 * paths and fields name them too, so an answer that hands them to a stranger shows up.
 */
export function qbRequestFor(route: QbRoute, known: readonly string[] = []): fc.Arbitrary<QbFuzzRequest> {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const theirs = known.length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...known) }] : [];
  return fc
    .record({
      values: fc.tuple(...names.map(() => fc.oneof({ weight: 4, arbitrary: pathValue }, ...theirs))),
      params: fc.dictionary(
        fc.oneof(
          { weight: 5, arbitrary: fc.constantFrom(...FIELDS) },
          { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
        ),
        fc.oneof({ weight: 2, arbitrary: plausible }, { weight: 1, arbitrary: hostileValue }, ...theirs),
        { maxKeys: 5 },
      ),
      tokenKind: fc.constantFrom<QbFuzzRequest['tokenKind']>(
        'live',
        'live',
        'live',
        'live',
        'none',
        'forged',
      ),
      mode: fc.constantFrom<QbFuzzRequest['mode']>(
        'form',
        'form',
        'form',
        'json',
        'json',
        'text',
        'malformed',
        'none',
      ),
    })
    .map(({ values, params, tokenKind, mode }) => {
      let i = 0;
      const url = route.url.replace(/:(\w+)/g, () => encodeSegment(values[i++]!));
      return { method: route.method, url, tokenKind, mode, params };
    });
}

/** The vendor's form: one level of `a[b]=`, arrays as one comma-joined `a[]=` (§2.2). */
function vendorForm(params: Record<string, unknown>): string {
  const pairs: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) pairs.push([`${key}[]`, value.map(String).join(',')]);
    else if (value && typeof value === 'object') {
      for (const [sub, v] of formPairs(value)) pairs.push([`${key}[${sub}]`, v]);
    } else pairs.push([key, value === null || value === undefined ? '' : String(value)]);
  }
  return new URLSearchParams(pairs).toString();
}

export function qbFetch(
  request: QbFuzzRequest,
  token: string,
  from: string,
): { url: string; init: RequestInit } {
  const headers: Record<string, string> = { 'QB-SDK': 'JS 2.16.2 - Client', 'X-Forwarded-For': from };
  if (request.tokenKind === 'live') headers['QB-Token'] = token;
  if (request.tokenKind === 'forged') headers['QB-Token'] = 'a'.repeat(40);
  let url = request.url;
  if (request.method === 'GET' || request.method === 'DELETE' || request.mode === 'none') {
    // Past the parser's 256 KB the request line cannot be told from a /api one (left in issue 15).
    const search = vendorForm(request.params).slice(0, 128 * 1024);
    if (search) url += `?${search}`;
    return { url, init: { method: request.method, headers } };
  }
  let body: string;
  switch (request.mode) {
    case 'json':
      headers['Content-Type'] = 'application/json; charset=utf-8';
      body = JSON.stringify(request.params);
      break;
    case 'text':
      headers['Content-Type'] = 'text/xml';
      body = '<a>';
      break;
    case 'malformed':
      headers['Content-Type'] = 'application/json';
      body = '{"user": {"login": ';
      break;
    default:
      headers['Content-Type'] = 'application/x-www-form-urlencoded; charset=UTF-8';
      body = vendorForm(request.params);
  }
  return { url, init: { method: request.method, headers, body } };
}

/**
 * What is wrong with a `/qb` answer, or null. The one 5xx allowed is the AI extension's 503 when
 * no AI endpoint is configured (docs/wire/hosted-chat.md §10), in the `{ errors }` shape.
 */
export function qbProblem(url: string, status: number, contentType: string, text: string): string | null {
  if (status >= 500 && !(status === 503 && url.startsWith('/qb/ai/')))
    return `status ${status}: ${text.slice(0, 160)}`;
  if (status < 400) return null;
  // The password-reset page is for a person in a browser: it refuses in HTML (docs/wire/hosted-chat.md §4).
  if (url.startsWith('/qb/users/password/reset/') && contentType.includes('text/html')) return null;
  if (!contentType.includes('json')) return `status ${status} not JSON: ${text.slice(0, 120)}`;
  try {
    const body = JSON.parse(text) as { errors?: unknown };
    const errors = body.errors;
    if (Object.keys(body).join() !== 'errors' || !errors || typeof errors !== 'object') {
      return `status ${status} not {errors}: ${text.slice(0, 160)}`;
    }
    return null;
  } catch {
    return `status ${status} not JSON: ${text.slice(0, 120)}`;
  }
}
