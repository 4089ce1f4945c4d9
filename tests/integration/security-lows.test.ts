/**
 * Issue 27 item 7, the low findings, each pinned by the request that showed it (docs/security.md).
 */
import { describe, expect, inject, it } from 'vitest';
import { qbClient } from '../support/qb';
import { storeBlob } from '../support/qb-files';

const stack = inject('stack');
const qb = qbClient(stack.url);

const SCRIPT = Buffer.from('alert(document.domain)\n');

/** A download that no browser runs or renders: opaque, not sniffed, saved, under a sandbox. */
async function expectOpaque(path: string) {
  const answer = await fetch(`${stack.url}${path}`);
  expect(answer.status, path).toBe(200);
  expect(answer.headers.get('content-type'), path).toBe('application/octet-stream');
  expect(answer.headers.get('x-content-type-options'), path).toBe('nosniff');
  expect(answer.headers.get('content-disposition'), path).toMatch(/^attachment;/);
  expect(answer.headers.get('content-security-policy'), path).toMatch(/default-src 'none'.*sandbox/);
  expect(Buffer.from(await answer.arrayBuffer())).toEqual(SCRIPT);
}

describe('uploads are never served as script (docs/security.md "File access")', () => {
  it('serves a file declared text/javascript as an opaque download under the resource policy', async () => {
    const token = await qb.memberSession('ava');
    const blob = await storeBlob(qb, token, 'gadget.js', SCRIPT, 'text/javascript');
    for (const path of [
      `/qb/blobs/${blob.uid}?token=${token}`,
      `/qb/blobs/${blob.uid}/download.json?token=${token}`,
      `/qb/blobs/${blob.uid}.json?token=${token}`,
    ])
      await expectOpaque(path);
    // What it was declared as is still what the vendor's apps read back (by id, the information).
    const info = await qb.call('GET', `/blobs/${blob.id}.json`, { token });
    expect(info.body.blob.content_type).toBe('text/javascript');
  });

  it('serves it the same from a public link and from a custom object’s file field', async () => {
    const token = await qb.memberSession('ava');
    const blob = await storeBlob(qb, token, 'gadget.js', SCRIPT, 'text/javascript', { public: true });
    await expectOpaque(`/api/files/${blob.uid}`);

    const kind = `Lows${Date.now().toString(36)}`;
    const record = await qb.call('POST', `/data/${kind}.json`, { token, json: { day: 1 } });
    expect(record.status).toBe(201);
    const form = new FormData();
    form.append('field_name', 'photo');
    form.append('file', new Blob([new Uint8Array(SCRIPT)], { type: 'text/javascript' }), 'gadget.js');
    const uploaded = await fetch(`${stack.url}/qb/data/${kind}/${record.body._id}/file.json`, {
      method: 'POST',
      body: form,
      headers: { 'QB-Token': token },
    });
    expect(uploaded.status).toBe(200);
    await expectOpaque(`/qb/data/${kind}/${record.body._id}/file.json?field_name=photo&token=${token}`);
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
