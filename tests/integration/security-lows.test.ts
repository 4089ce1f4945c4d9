/**
 * Issue 27 item 7, the low findings, each pinned by the request that showed it (docs/security.md).
 */
import { describe, expect, inject, it } from 'vitest';
import { qbClient } from '../support/qb';
import { storeBlob } from '../support/qb-files';

const stack = inject('stack');
const qb = qbClient(stack.url);

describe('uploads are never served as script (docs/security.md "File access")', () => {
  it('serves a file declared text/javascript as an opaque download under the resource policy', async () => {
    const token = await qb.memberSession('ava');
    const script = Buffer.from('alert(document.domain)\n');
    const blob = await storeBlob(qb, token, 'gadget.js', script, 'text/javascript');
    for (const path of [
      `/qb/blobs/${blob.uid}?token=${token}`,
      `/qb/blobs/${blob.uid}/download.json?token=${token}`,
      `/qb/blobs/${blob.uid}.json?token=${token}`,
    ]) {
      const answer = await fetch(`${stack.url}${path}`);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/octet-stream');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(answer.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
      expect(Buffer.from(await answer.arrayBuffer())).toEqual(script);
    }
    // What it was declared as is still what the vendor's apps read back (by id, the information).
    const info = await qb.call('GET', `/blobs/${blob.id}.json`, { token });
    expect(info.body.blob.content_type).toBe('text/javascript');
  });

  it('serves an image inline as what it is', async () => {
    const token = await qb.memberSession('ava');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const blob = await storeBlob(qb, token, 'scan.png', png, 'image/png');
    const answer = await fetch(`${stack.url}/qb/blobs/${blob.uid}?token=${token}`);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('content-disposition')).toMatch(/^inline;/);
  });
});
