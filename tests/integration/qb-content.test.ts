/**
 * Blobs (docs/wire/hosted-chat.md §6, §21.4; docs/lessons.md §12): create → upload to the returned URL
 * (query pairs as multipart fields, file last; on the scheme a TLS front forwards, or on the origin
 * `PUBLIC_ORIGIN` names) → complete with `size`; info by id; download by uid (also
 * `/blobs/{uid}.json`, the vendor's "download by UID") with the token; public and private; the chat
 * recipients of an attachment; real content types, nosniff and attachment disposition; delete;
 * other users refused.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { qbClient } from '../support/qb';
import { startStack, type TestStack } from '../support/stack';

const stack = inject('stack');
const qb = qbClient(stack.url);
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
let ava = '';
let bianca = '';
let clara = '';

beforeAll(async () => {
  [ava, bianca, clara] = (await Promise.all(['ava', 'bianca', 'clara'].map((k) => qb.memberSession(k)))) as [
    string,
    string,
    string,
  ];
});

async function createBlob(token: string, blob: Record<string, unknown>) {
  const answer = await qb.call('POST', '/blobs.json', { token, form: { blob } });
  expect(answer.status).toBe(201);
  return answer.body.blob;
}

/** §6 step 2 as the SDK does it: every query pair of `params` a field, `file` last. */
async function upload(params: string, bytes: Buffer, type: string, token?: string) {
  const url = new URL(params);
  const form = new FormData();
  for (const [key, value] of url.searchParams) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'upload.bin');
  return fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    body: form,
    headers: token ? { 'QB-Token': token } : {},
  });
}

async function storeFile(token: string, blob: Record<string, unknown>, bytes: Buffer, type: string) {
  const created = await createBlob(token, blob);
  expect((await upload(created.blob_object_access.params, bytes, type, token)).status).toBe(201);
  expect(
    (await qb.call('PUT', `/blobs/${created.id}/complete.json`, { token, form: { size: bytes.length } }))
      .status,
  ).toBe(200);
  return created;
}

describe('create → upload → complete', () => {
  it('returns an upload URL on this server and completes with size=', async () => {
    const created = await createBlob(ava, {
      name: 'scan.png',
      content_type: 'image/png',
      tag_list: ['scan', 'ivf'],
    });
    expect(created).toMatchObject({
      name: 'scan.png',
      content_type: 'image/png',
      public: false,
      size: null,
      blob_status: null,
      blob_object_access: { object_access_type: 'Write', blob_id: created.id },
    });
    expect(created.blob_object_access.params).toMatch(
      new RegExp(`^${stack.url}/qb/blobs/${created.id}/upload\\?`),
    );
    expect(new URL(created.blob_object_access.params).searchParams.get('key')).toBe(created.uid);

    // Too early, then with the wrong size.
    expect(
      (await qb.call('PUT', `/blobs/${created.id}/complete.json`, { token: ava, form: { size: 1 } })).status,
    ).toBe(422);
    expect((await upload(created.blob_object_access.params, PNG, 'image/png')).status).toBe(201);
    expect(
      (await qb.call('PUT', `/blobs/${created.id}/complete.json`, { token: ava, form: { size: 1 } })).status,
    ).toBe(422);
    expect(
      (await qb.call('PUT', `/blobs/${created.id}/complete.json`, { token: ava, form: { size: PNG.length } }))
        .status,
    ).toBe(200);

    const info = await qb.call('GET', `/blobs/${created.id}.json`, { token: ava });
    expect(info.body.blob).toMatchObject({ size: PNG.length, blob_status: 'complete', tag_list: 'scan,ivf' });
    // By uid, the same path is the file itself (the SDK's getFile, the vendor's samples' image src).
    for (const download of [
      await fetch(`${stack.url}/qb/blobs/${created.uid}.json`, { headers: { 'QB-Token': ava } }),
      await fetch(`${stack.url}/qb/blobs/${created.uid}.json?token=${ava}`),
    ]) {
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
    }
    expect((await fetch(`${stack.url}/qb/blobs/${created.uid}.json`)).status).toBe(401);
    expect((await fetch(`${stack.url}/qb/blobs/${created.uid}.json?token=${bianca}`)).status).toBe(404);
  });

  it('hands out the upload URL on the scheme a TLS front forwards (TRUST_PROXY)', async () => {
    const answer = await qb.call('POST', '/blobs.json', {
      token: ava,
      form: { blob: { name: 'scan.png', content_type: 'image/png' } },
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(answer.body.blob.blob_object_access.params).toMatch(
      new RegExp(`^https://127\\.0\\.0\\.1:${stack.port}/qb/blobs/${answer.body.blob.id}/upload\\?`),
    );
  });

  describe('behind a front that PUBLIC_ORIGIN names', () => {
    // A stack of its own, without chat: the URLs it hands out name the public origin, whatever
    // the request came in on (the front here is the test itself, on loopback).
    const PUBLIC_ORIGIN = 'https://chat.clinic.example';
    let front: TestStack;
    beforeAll(async () => {
      front = await startStack({ env: { PROSODY_BIN: '', PUBLIC_ORIGIN } });
    });
    afterAll(() => front?.stop({ remove: true }));

    it('hands out upload URLs and the endpoints on the public origin', async () => {
      const there = qbClient(front.url);
      const token = await there.memberSession('ava');
      const upload = new RegExp(`^${PUBLIC_ORIGIN.replace(/\./g, '\\.')}/qb/blobs/\\d+/upload\\?`);
      const created = await there.call('POST', '/blobs.json', {
        token,
        form: { blob: { name: 'scan.png', content_type: 'image/png' } },
      });
      expect(created.status).toBe(201);
      expect(created.body.blob.blob_object_access.params).toMatch(upload);
      const again = await there.call('PUT', `/blobs/${created.body.blob.id}.json`, {
        token,
        form: { blob: { new: 1 } },
      });
      expect(again.status).toBe(200);
      expect(again.body.blob.blob_object_access.params).toMatch(upload);
      const settings = await there.call('GET', '/account_settings.json');
      expect(settings.body).toMatchObject({
        api_endpoint: `${PUBLIC_ORIGIN}/qb`,
        websocket_endpoint: 'wss://chat.clinic.example/xmpp-websocket',
        bosh_endpoint: `${PUBLIC_ORIGIN}/http-bind`,
      });
    });
  });

  it('refuses an upload with a forged policy or key, and bad create input', async () => {
    const created = await createBlob(ava, { name: 'x.png', content_type: 'image/png' });
    const forged = created.blob_object_access.params.replace(/policy=[0-9a-f]+/, `policy=${'0'.repeat(64)}`);
    expect((await upload(forged, PNG, 'image/png')).status).toBe(403);
    const otherKey = created.blob_object_access.params.replace(/key=[0-9a-f]+/, `key=${'a'.repeat(32)}`);
    expect((await upload(otherKey, PNG, 'image/png')).status).toBe(403);
    expect(
      (
        await qb.call('POST', '/blobs.json', {
          token: ava,
          form: { blob: { name: '', content_type: 'image/png' } },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await qb.call('POST', '/blobs.json', {
          token: ava,
          form: { blob: { name: 'a', content_type: 'nonsense' } },
        })
      ).status,
    ).toBe(422);
  });
});

describe('downloads', () => {
  it('serves a private file with the token to its owner only, with its real type', async () => {
    const created = await storeFile(ava, { name: 'scan.png', content_type: 'image/png' }, PNG, 'image/png');
    const own = await fetch(`${stack.url}/qb/blobs/${created.uid}?token=${ava}`);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(own.headers.get('content-disposition')).toMatch(/^inline/);
    expect(Buffer.from(await own.arrayBuffer()).equals(PNG)).toBe(true);

    expect((await fetch(`${stack.url}/qb/blobs/${created.uid}`)).status).toBe(401);
    expect((await fetch(`${stack.url}/qb/blobs/${created.uid}?token=${bianca}`)).status).toBe(404);
    expect((await qb.call('GET', `/blobs/${created.id}.json`, { token: bianca })).status).toBe(404);
  });

  it('lets the occupants of a dialog that carries it as an attachment read it', async () => {
    const created = await storeFile(ava, { name: 'chart.png', content_type: 'image/png' }, PNG, 'image/png');
    const dialog = (
      await qb.call('POST', '/chat/Dialog.json', { token: ava, form: { type: 3, occupants_ids: '200002' } })
    ).body;
    expect((await fetch(`${stack.url}/qb/blobs/${created.uid}?token=${bianca}`)).status).toBe(404);
    await qb.call('POST', '/chat/Message.json', {
      token: ava,
      json: {
        chat_dialog_id: dialog._id,
        attachments: [{ type: 'image', uid: created.uid, id: String(created.id) }],
      },
    });
    expect((await fetch(`${stack.url}/qb/blobs/${created.uid}?token=${bianca}`)).status).toBe(200);
    expect((await fetch(`${stack.url}/qb/blobs/${created.uid}?token=${clara}`)).status).toBe(404);
  });

  it('serves a public file without a token, and unsafe types as attachments', async () => {
    const page = Buffer.from('<script>alert(1)</script>');
    const html = await storeFile(
      ava,
      { name: 'note.html', content_type: 'text/html', public: 'true' },
      page,
      'text/html',
    );
    const answer = await fetch(`${stack.url}/qb/blobs/${html.uid}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    // A "PNG" that is not one is not served as an image.
    const fake = await storeFile(
      ava,
      { name: 'fake.png', content_type: 'image/png', public: 'true' },
      page,
      'image/png',
    );
    const served = await fetch(`${stack.url}/qb/blobs/${fake.uid}`);
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment/);
  });
});

describe('list, update and delete', () => {
  it('lists own blobs only, renames (also through the SDK GET quirk) and deletes', async () => {
    const created = await storeFile(bianca, { name: 'a.png', content_type: 'image/png' }, PNG, 'image/png');
    const listed = await qb.call('GET', '/blobs.json?page=1&per_page=100', { token: bianca });
    expect(listed.body.items.map((i: { blob: { id: number } }) => i.blob.id)).toContain(created.id);
    expect(
      (await qb.call('GET', '/blobs.json', { token: clara })).body.items.map(
        (i: { blob: { id: number } }) => i.blob.id,
      ),
    ).not.toContain(created.id);

    const renamed = await qb.call('PUT', `/blobs/${created.id}.json`, {
      token: bianca,
      form: { blob: { name: 'b.png' } },
    });
    expect(renamed.body.blob.name).toBe('b.png');
    const quirk = await qb.call('GET', `/blobs/${created.id}.json`, {
      token: bianca,
      form: { blob: { name: 'c.png' } },
    });
    expect(quirk.body.blob.name).toBe('c.png');
    expect(
      (await qb.call('PUT', `/blobs/${created.id}.json`, { token: clara, form: { blob: { name: 'x' } } }))
        .status,
    ).toBe(403);

    expect((await qb.call('DELETE', `/blobs/${created.id}.json`, { token: clara })).status).toBe(403);
    expect((await qb.call('DELETE', `/blobs/${created.id}.json`, { token: bianca })).status).toBe(200);
    expect((await qb.call('GET', `/blobs/${created.id}.json`, { token: bianca })).status).toBe(404);
    expect((await fetch(`${stack.url}/qb/blobs/${created.uid}?token=${bianca}`)).status).toBe(404);
  });
});
