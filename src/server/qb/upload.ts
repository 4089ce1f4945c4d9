/**
 * Multipart uploads under `/qb` (docs/wire/hosted-chat.md §6 upload, §7 file fields): a body that is
 * not well-formed multipart is the client's mistake (400 in the vendor's shape), a file over the
 * limit is 413, and only the server's own failures (the disk) stay 500 (docs/security.md
 * "Chat-service input").
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { BlobStore } from '../blobs/blob-store';
import { ApiError } from '../http/api-error';
import { QbError } from './wire';

function clientError(error: unknown): QbError {
  const status = (error as FastifyError).statusCode;
  const message = error instanceof Error ? error.message : String(error);
  if (status !== undefined && status >= 400 && status < 500) return new QbError(status, [message]);
  return new QbError(400, [`The multipart body is malformed: ${message}`]);
}

/** Errors of the operating system (the disk), as opposed to the request stream's. */
const isSystemError = (error: unknown) =>
  typeof (error as NodeJS.ErrnoException).code === 'string' &&
  typeof (error as NodeJS.ErrnoException).syscall === 'string';

/** The first file part of a multipart request; its other fields come with it. */
export async function readFilePart(request: FastifyRequest): Promise<MultipartFile> {
  if (!request.isMultipart()) throw new QbError(400, ['The upload must be multipart/form-data']);
  let file: MultipartFile | undefined;
  try {
    file = await request.file();
  } catch (error) {
    throw clientError(error);
  }
  if (!file) throw QbError.invalid('file', "can't be blank");
  return file;
}

/** Streams the part into blob `uid` (nothing is kept on failure). */
export async function writeUpload(blobs: BlobStore, uid: string, file: MultipartFile, maxBytes: number) {
  try {
    return await blobs.write(uid, file.file, maxBytes);
  } catch (error) {
    if (error instanceof ApiError) throw new QbError(413, [error.message]);
    if (isSystemError(error)) throw error;
    throw clientError(error);
  }
}

/** A file name to store: control characters (NUL among them) dropped, at most 100 characters. */
export function uploadName(name: string | undefined, fallback: string): string {
  const printable = [...(name ?? '')].filter((c) => c >= ' ' && c !== '\u007f').join('');
  return printable.trim().slice(0, 100) || fallback;
}
