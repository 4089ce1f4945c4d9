/**
 * Who may read a chat-service file (docs/security.md "File access"; issue 10 findings 1 and 2):
 * its owner, and the occupants of a dialog where its OWNER sent it as an attachment. Naming a
 * blob id in a message — over REST or inside an XMPP stanza's extraParams — or in a custom
 * object's file field grants nothing, and never reads or deletes someone else's file.
 */
import { xml } from '@xmpp/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { member } from '../../fixtures';
import { allAcknowledged, bsonId, historyPeer, type Peer } from '../support/history';
import { qbClient, type Loose } from '../support/qb';
import { providerCertificate, storeBlob, uploadFileField } from '../support/qb-files';
import { stopPeer } from '../support/xmpp-peer';
import { PDF_DOC } from '../support/workspace';

const stack = inject('stack');
const qb = qbClient(stack.url);
const ava = member('ava');
const emma = member('emma');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
let avaToken = '';
let emmaToken = '';
let biancaToken = '';
let certificate: { id: number; uid: string; providerToken: string };
const peers: Peer[] = [];

beforeAll(async () => {
  certificate = await providerCertificate(stack.url, 'amelia');
  avaToken = await qb.memberSession('ava');
  emmaToken = await qb.memberSession('emma');
  biancaToken = await qb.memberSession('bianca');
});

afterAll(async () => {
  for (const peer of peers) await stopPeer(peer);
});

const info = (token: string, key: string | number) => qb.call('GET', `/blobs/${key}.json`, { token });
const download = (token: string, uid: string) => fetch(`${stack.url}/qb/blobs/${uid}?token=${token}`);

/** The certificate is still the provider's alone: invisible to `token`, intact for its owner. */
async function expectCertificatePrivate(token: string) {
  expect((await info(token, certificate.id)).status).toBe(404);
  expect((await info(token, certificate.uid)).status).toBe(404);
  expect((await download(token, certificate.uid)).status).toBe(404);
  const own = await download(certificate.providerToken, certificate.uid);
  expect(own.status).toBe(200);
  expect(Buffer.from(await own.arrayBuffer()).equals(PDF_DOC)).toBe(true);
}

async function messagesOf(token: string, dialogId: string): Promise<Loose[]> {
  const answer = await qb.call(
    'GET',
    `/chat/Message.json?chat_dialog_id=${dialogId}&mark_as_read=0&limit=100`,
    {
      token,
    },
  );
  return answer.body.items as Loose[];
}

describe('message attachments (finding 1)', () => {
  it('refuses an attachment the sender does not own, and naming one grants nothing', async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 40; n++) {
      const sent = await qb.call('POST', '/chat/Message.json', {
        token: avaToken,
        form: {
          recipient_id: emma.chatId,
          message: 'x',
          [`attachments[${n}][type]`]: 'file',
          [`attachments[${n}][id]`]: n,
        },
      });
      statuses.push(sent.status);
      if (n === certificate.id) {
        expect(sent.status).toBe(422);
        expect(sent.body.errors).toHaveProperty('attachments');
      }
    }
    expect(statuses.every((s) => s === 201 || s === 422)).toBe(true);
    await expectCertificatePrivate(avaToken);
    await expectCertificatePrivate(emmaToken);
    const byUid = await qb.call('POST', '/chat/Message.json', {
      token: avaToken,
      json: {
        recipient_id: emma.chatId,
        message: 'x',
        attachments: [{ type: 'file', uid: certificate.uid }],
      },
    });
    expect(byUid.status).toBe(422);
    await expectCertificatePrivate(avaToken);
  });

  it("shares the sender's own file with the dialog's occupants only, and not by quoting it back", async () => {
    const scan = await storeBlob(qb, avaToken, 'scan.png', PNG, 'image/png');
    const sent = await qb.call('POST', '/chat/Message.json', {
      token: avaToken,
      json: {
        recipient_id: emma.chatId,
        message: 'my scan',
        attachments: [{ type: 'image', id: String(scan.id), uid: scan.uid }],
      },
    });
    expect(sent.status).toBe(201);
    expect((await info(emmaToken, scan.uid)).status).toBe(200);
    expect((await download(emmaToken, scan.uid)).status).toBe(200);
    expect((await info(biancaToken, scan.id)).status).toBe(404);
    expect((await download(biancaToken, scan.uid)).status).toBe(404);
    // Emma may not pass Ava's file on as her own attachment.
    const quoted = await qb.call('POST', '/chat/Message.json', {
      token: emmaToken,
      json: {
        recipient_id: member('bianca').chatId,
        message: 'look',
        attachments: [{ type: 'image', id: scan.uid }],
      },
    });
    expect(quoted.status).toBe(422);
    expect((await download(biancaToken, scan.uid)).status).toBe(404);
    // One id and a different uid in one attachment is not an attachment.
    const mixed = await qb.call('POST', '/chat/Message.json', {
      token: avaToken,
      json: {
        recipient_id: emma.chatId,
        message: 'x',
        attachments: [{ type: 'file', id: String(scan.id), uid: certificate.uid }],
      },
    });
    expect(mixed.status).toBe(422);
  });

  it('refuses attachments on a message update', async () => {
    const sent = await qb.call('POST', '/chat/Message.json', {
      token: avaToken,
      form: { recipient_id: emma.chatId, message: 'to edit' },
    });
    const edited = await qb.call('PUT', `/chat/Message/${sent.body._id}.json`, {
      token: avaToken,
      form: { message: 'edited', 'attachments[0][type]': 'file', 'attachments[0][id]': certificate.id },
    });
    expect(edited.status).toBe(422);
    await expectCertificatePrivate(avaToken);
    await expectCertificatePrivate(emmaToken);
  });

  it('stores an XMPP claim on a foreign file in the history without granting it', async () => {
    const peer = await historyPeer({
      service: `xmpp://127.0.0.1:${stack.c2sPort}`,
      domain: stack.chatDomain,
      username: `${ava.chatId}-${stack.appId}`,
      password: avaToken,
    });
    peers.push(peer);
    const dialogId = (
      await qb.call('POST', '/chat/Dialog.json', {
        token: avaToken,
        form: { type: 3, occupants_ids: `${emma.chatId}` },
      })
    ).body._id as string;
    const own = await storeBlob(qb, avaToken, 'own.png', PNG, 'image/png');
    const claim = bsonId();
    const shared = bsonId();
    const stanza = (id: string, blob: { id: number; uid: string }) =>
      xml(
        'message',
        { type: 'chat', to: emma.jid, id },
        xml('body', {}, '[attachment]'),
        xml(
          'extraParams',
          { xmlns: 'jabber:client' },
          xml('save_to_history', {}, '1'),
          xml('dialog_id', {}, dialogId),
          xml('attachment', { id: String(blob.id), uid: blob.uid, type: 'file' }),
        ),
      );
    await peer.send(stanza(claim, certificate));
    await peer.send(stanza(shared, own));
    await allAcknowledged(peer);
    const deadline = Date.now() + 10_000;
    let ids: string[] = [];
    while (Date.now() < deadline && !(ids.includes(claim) && ids.includes(shared))) {
      ids = (await messagesOf(emmaToken, dialogId)).map((m) => m._id as string);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(ids).toEqual(expect.arrayContaining([claim, shared]));
    await expectCertificatePrivate(avaToken);
    await expectCertificatePrivate(emmaToken);
    expect((await download(emmaToken, own.uid)).status).toBe(200);
  });
});

describe('files that belong to something else', () => {
  it("keeps a provider's certificate out of reach of the chat-service blob routes, even its owner's", async () => {
    const token = certificate.providerToken;
    const removed = await qb.call('DELETE', `/blobs/${certificate.id}.json`, { token });
    expect(removed.status).toBe(403);
    expect(removed.body.errors).toHaveProperty('base');
    const renewed = await qb.call('PUT', `/blobs/${certificate.id}.json`, {
      token,
      form: { blob: { new: 1 } },
    });
    expect(renewed.status).toBe(403);
    await expectCertificatePrivate(avaToken);
  });
});

describe('custom-object file fields (finding 2)', () => {
  const CLASS = `Probe${Date.now().toString(36)}`;

  it("refuses a file field value naming someone else's file, on create and on update", async () => {
    const created = await qb.call('POST', `/data/${CLASS}.json`, {
      token: avaToken,
      form: { 'f[file_id]': certificate.uid },
    });
    expect(created.status).toBe(422);
    expect(created.body.errors).toHaveProperty('f');
    const json = await qb.call('POST', `/data/${CLASS}.json`, {
      token: avaToken,
      json: { f: { file_id: certificate.uid, name: 'x', content_type: 'application/pdf', size: 1 } },
    });
    expect(json.status).toBe(422);
    const plain = await qb.call('POST', `/data/${CLASS}.json`, { token: avaToken, form: { note: 'n' } });
    expect(plain.status).toBe(201);
    const id = plain.body._id as string;
    const updated = await qb.call('PUT', `/data/${CLASS}/${id}.json`, {
      token: avaToken,
      form: { 'f[file_id]': certificate.uid },
    });
    expect(updated.status).toBe(422);
    const read = await fetch(`${stack.url}/qb/data/${CLASS}/${id}/file.json?field_name=f&token=${avaToken}`);
    expect(read.status).toBe(404);
    const removed = await qb.call('DELETE', `/data/${CLASS}/${id}/file.json`, {
      token: avaToken,
      form: { field_name: 'f' },
    });
    expect(removed.status).toBe(404);
    expect((await qb.call('DELETE', `/data/${CLASS}/${id}.json`, { token: avaToken })).status).toBe(200);
    await expectCertificatePrivate(avaToken);
  });

  it('keeps a file field to the file uploaded into it: no copying into another record', async () => {
    const first = (await qb.call('POST', `/data/${CLASS}.json`, { token: avaToken, form: { n: '1' } })).body;
    const up = await uploadFileField(
      stack.url,
      avaToken,
      `/data/${CLASS}/${first._id}/file.json`,
      'f',
      PNG,
      'a.png',
    );
    expect(up.status).toBe(200);
    const value = (await up.json()).f;
    expect(value).toMatchObject({ file_id: expect.any(String), name: 'a.png' });
    const copy = await qb.call('POST', `/data/${CLASS}.json`, { token: avaToken, json: { f: value } });
    expect(copy.status).toBe(422);
    // Rewriting the field by hand is refused too; the upload route replaces it.
    const rewrite = await qb.call('PUT', `/data/${CLASS}/${first._id}.json`, {
      token: avaToken,
      json: { f: 'gone' },
    });
    expect(rewrite.status).toBe(422);
    const url = `${stack.url}/qb/data/${CLASS}/${first._id}/file.json?field_name=f`;
    expect((await fetch(`${url}&token=${avaToken}`)).status).toBe(200);
    // Nor around the record through the blob routes.
    expect((await qb.call('DELETE', `/blobs/${value.file_id}.json`, { token: avaToken })).status).toBe(403);
    expect((await fetch(`${url}&token=${avaToken}`)).status).toBe(200);
    // Deleting the record takes its file along, in one step.
    expect((await qb.call('DELETE', `/data/${CLASS}/${first._id}.json`, { token: avaToken })).status).toBe(
      200,
    );
    expect((await info(avaToken, value.file_id)).status).toBe(404);
  });
});
