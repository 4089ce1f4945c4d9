/**
 * Files on disk under `DATA_DIR/blobs/<2 chars>/<uid>`, with their metadata in the `blobs` table.
 * Writes stream to a temporary file and stop at the size limit; nothing half-written is kept.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ApiError } from '../http/api-error';

export function newBlobUid(): string {
  return randomBytes(16).toString('hex');
}

/** Public URL of a public blob (avatars); private blobs are served by their owners' routes. */
export function blobUrl(uid: string): string {
  return `/api/files/${uid}`;
}

export class BlobStore {
  readonly #root: string;

  constructor(dataDir: string) {
    this.#root = path.join(dataDir, 'blobs');
  }

  pathOf(uid: string): string {
    if (!/^[a-f0-9]{32}$/.test(uid)) throw ApiError.notFound('File');
    return path.join(this.#root, uid.slice(0, 2), uid);
  }

  /**
   * Streams `source` into the blob `uid`; returns the first bytes (for type sniffing) and the size.
   * Throws PAYLOAD_TOO_LARGE past `maxBytes`.
   */
  async write(uid: string, source: Readable, maxBytes: number): Promise<{ size: number; head: Buffer }> {
    const target = this.pathOf(uid);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.part`;
    let size = 0;
    const chunks: Buffer[] = [];
    let headLength = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > maxBytes)
          return done(
            new ApiError('PAYLOAD_TOO_LARGE', `The file is larger than ${Math.round(maxBytes / 1048576)} MB`),
          );
        if (headLength < 64) {
          chunks.push(chunk.subarray(0, 64 - headLength));
          headLength += Math.min(chunk.length, 64 - headLength);
        }
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, counter, createWriteStream(temp, { mode: 0o600 }));
      // Multipart sources flag truncation instead of erroring.
      if ((source as Readable & { truncated?: boolean }).truncated) {
        throw new ApiError(
          'PAYLOAD_TOO_LARGE',
          `The file is larger than ${Math.round(maxBytes / 1048576)} MB`,
        );
      }
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return { size, head: Buffer.concat(chunks) };
  }

  async exists(uid: string): Promise<boolean> {
    try {
      await stat(this.pathOf(uid));
      return true;
    } catch {
      return false;
    }
  }

  read(uid: string): Readable {
    return createReadStream(this.pathOf(uid));
  }

  async remove(uid: string): Promise<void> {
    await rm(this.pathOf(uid), { force: true });
  }
}

/** Content type from the first bytes, for the image types we accept. */
export function sniffImageType(head: Buffer): string | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (head.length >= 6 && /^GIF8[79]a$/.test(head.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (
    head.length >= 12 &&
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}
