/**
 * Checks of the request's shape that no zod schema can express, made before any handler runs
 * (docs/security.md "Honest errors"): no string anywhere holds U+0000 (PostgreSQL text cannot
 * store it), the body's media type is one the endpoint reads, and a broken multipart body is the
 * client's error, not ours.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EndpointDefinition } from '../../shared/api/endpoint';
import type { FieldError } from '../../shared/api/envelope';
import { ApiError } from './api-error';

export const NUL_MESSAGE = 'must not contain NUL characters';
const MAX_REPORTED = 20;

const at = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** Whether a value has no string in it at all: nothing to walk (the usual query and params). */
function holdsNoText(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'object') return typeof value !== 'string';
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

/**
 * Every key or string value holding U+0000, by its dotted path; walked without recursion, so a
 * deeply nested JSON body cannot exhaust the stack.
 */
export function nulFields(value: unknown, where: string): FieldError[] {
  const found: FieldError[] = [];
  if (holdsNoText(value)) return found;
  const pending: Array<[unknown, string]> = [[value, '']];
  while (pending.length > 0 && found.length < MAX_REPORTED) {
    const [item, path] = pending.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\0')) found.push({ field: path || where, message: NUL_MESSAGE });
    } else if (Array.isArray(item)) {
      item.forEach((entry, i) => pending.push([entry, at(path, String(i))]));
    } else if (item !== null && typeof item === 'object') {
      for (const [key, entry] of Object.entries(item)) {
        if (key.includes('\0')) found.push({ field: path || where, message: `names ${NUL_MESSAGE}` });
        else pending.push([entry, at(path, key)]);
      }
    }
  }
  return found;
}

/**
 * Refuses U+0000 in the path parameters, query and parsed body of every route of `scope` (the
 * `/api` scope: contract endpoints and file routes alike) with a 400 naming the fields. A
 * callback hook: it never waits, and an async one would cost every request a promise and a turn
 * of the microtask queue (docs/performance.md "Server").
 */
export function refuseNulCharacters(scope: FastifyInstance): void {
  scope.addHook('preValidation', (request, _reply, done) => {
    const found = [
      ...nulFields(request.params, 'params'),
      ...nulFields(request.query, 'query'),
      ...nulFields(request.body, 'body'),
    ];
    done(found.length > 0 ? ApiError.validation(found) : undefined);
  });
}

const READABLE_BODIES = ['application/x-www-form-urlencoded', 'application/json'];

/** A body the endpoint cannot read: 415, or a multipart type without its boundary. */
export function mediaTypeError(endpoint: EndpointDefinition, request: FastifyRequest): ApiError | null {
  const header = request.headers['content-type'];
  const type = header?.split(';')[0]!.trim().toLowerCase();
  if (endpoint.encoding === 'multipart') {
    if (type !== 'multipart/form-data') {
      return new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data', {
        fields: [{ field: 'file', message: 'Not a multipart/form-data request' }],
      });
    }
    if (!/;\s*boundary=\S/i.test(header!)) {
      return ApiError.validation([{ field: 'file', message: 'The multipart body has no boundary' }]);
    }
    return null;
  }
  if (!endpoint.body || type === undefined || READABLE_BODIES.includes(type)) return null;
  return new ApiError(
    'UNSUPPORTED_MEDIA_TYPE',
    `Send the body as ${endpoint.encoding === 'json' ? 'JSON' : 'a form (application/x-www-form-urlencoded)'}`,
  );
}

/**
 * The multipart parser (@fastify/busboy) reports a broken body as plain errors with these
 * messages (dicer: "Unexpected end of multipart data", "Part terminated early …"; "Boundary not
 * found"); they reach the handler only while it reads the file.
 */
const BROKEN_MULTIPART = /multipart data|Boundary not found|terminated early/;

export function isBrokenMultipart(error: unknown): boolean {
  return (
    error instanceof Error &&
    !(error instanceof ApiError) &&
    (error as { statusCode?: number }).statusCode === undefined &&
    BROKEN_MULTIPART.test(error.message)
  );
}

export function brokenMultipartError(): ApiError {
  return ApiError.validation([{ field: 'file', message: 'The multipart body is malformed or incomplete' }]);
}

/** The one file of an upload endpoint, in form field `file`; its name is text like any other. */
export async function uploadedFile(
  request: FastifyRequest,
  maxBytes: number,
  missing: string,
): Promise<MultipartFile> {
  const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!file || file.fieldname !== 'file') throw ApiError.validation([{ field: 'file', message: missing }]);
  // A part sent with `filename=""` comes without a name at all; callers read it as a string.
  if (typeof file.filename !== 'string') Object.assign(file, { filename: '' });
  if (file.filename.includes('\0')) {
    file.file.resume();
    throw ApiError.validation([{ field: 'file', message: `The file name ${NUL_MESSAGE}` }]);
  }
  return file;
}
