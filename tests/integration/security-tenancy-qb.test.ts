/**
 * Issue 15, tenancy matrix of the chat service (docs/security.md "Security suites"): for every
 * `/qb` resource a member owns (dialogs, messages, blobs, custom objects and their file fields,
 * her user), another member is refused — by direct id and through indirect paths: an attachment
 * naming her file, a filter on a hidden field, her group room's JID over XMPP; her dialogs'
 * previews in Emma's dialog list, and her message archive (XEP-0313) by her JID, her room's and a
 * filter on her (issue 27). Ava owns (Dr. Amelia Hart's client, fixtures/personas.json) in dialogs
 * with Fatima; Emma intrudes.
 */
import { xml } from '@xmpp/client';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { member, provider } from '../../fixtures';
import { qbClient, type Loose, type QbAnswer } from '../support/qb';
import { storeBlob, uploadFileField } from '../support/qb-files';
import { connectPeer, stopPeer } from '../support/xmpp-peer';

const stack = inject('stack');
const qb = qbClient(stack.url);
const ava = member('ava');
const emma = member('emma');
const CLASS = 'TenancyNote';
const MAM = 'urn:xmpp:mam:2';
const SECRET = `ava-secret-${Date.now()}`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
let owner = '';
let other = '';
const ids = { dialog: '', message: '', group: '', room: '', blob: 0, blobUid: '', record: '' };

beforeAll(async () => {
  owner = await qb.memberSession('ava');
  other = await qb.memberSession('emma');
  // Her own dialogs with Fatima, so the seeded conversations other suites count stay as they are.
  const fatima = member('fatima').chatId;
  const dialog = await qb.call('POST', '/chat/Dialog.json', {
    token: owner,
    form: { type: 3, occupants_ids: `${fatima}` },
  });
  ids.dialog = dialog.body._id;
  const sent = await qb.call('POST', '/chat/Message.json', {
    token: owner,
    form: { chat_dialog_id: ids.dialog, message: SECRET },
  });
  ids.message = sent.body._id;
  const group = await qb.call('POST', '/chat/Dialog.json', {
    token: owner,
    form: { type: 2, name: `Ava's group ${SECRET}`, occupants_ids: `${fatima}` },
  });
  ids.group = group.body._id;
  ids.room = group.body.xmpp_room_jid;
  const blob = await storeBlob(qb, owner, 'ava-scan.png', PNG, 'image/png');
  ids.blob = blob.id;
  ids.blobUid = blob.uid;
  const record = await qb.call('POST', `/data/${CLASS}.json`, { token: owner, json: { note: SECRET } });
  ids.record = record.body._id;
  const field = await uploadFileField(
    stack.url,
    owner,
    `/data/${CLASS}/${ids.record}/file.json`,
    'scan',
    PNG,
  );
  if (field.status !== 200) throw new Error(`file field: ${field.status}`);
});

interface Row {
  resource: string;
  via: string;
  own: () => Promise<QbAnswer>;
  other: () => Promise<QbAnswer>;
  /** A refusal in the vendor's bulk shape (docs/wire/hosted-chat.md §5, §7): 200 with nothing deleted. */
  bulk?: true;
}

/** The vendor's bulk-delete answer that deleted nothing. */
const deletedNothing = (a: QbAnswer) =>
  a.status === 200 && (a.body?.SuccessfullyDeleted?.ids?.length === 0 || a.body?.total_deleted === 0);

const call = (token: string, method: string, path: string, form?: Record<string, unknown>) =>
  qb.call(method, path, { token, ...(form ? { form } : {}) });

/** A raw GET whose answer may be bytes (downloads, file fields). */
async function rawGet(token: string, path: string): Promise<QbAnswer> {
  const response = await fetch(`${stack.url}/qb${path}`, { headers: { 'QB-Token': token } });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Bytes stay text.
  }
  return { status: response.status, body, text, headers: response.headers };
}

const ROWS: Row[] = [
  {
    resource: 'dialog',
    via: 'update by id',
    own: () => call(owner, 'GET', `/chat/Dialog.json?_id=${ids.group}`),
    other: () =>
      qb.call('PUT', `/chat/Dialog/${ids.group}.json`, {
        token: other,
        json: { name: 'taken over', push_all: { occupants_ids: [emma.chatId] } },
      }),
  },
  {
    resource: 'dialog',
    via: 'delete by id (with force)',
    bulk: true,
    own: () => call(owner, 'GET', `/chat/Dialog.json?_id=${ids.dialog}`),
    other: () => call(other, 'DELETE', `/chat/Dialog/${ids.dialog}.json?force=1`),
  },
  {
    resource: 'dialog',
    via: 'preview in the dialog list, asked for by its id',
    own: () => call(owner, 'GET', `/chat/Dialog.json?_id=${ids.dialog}`),
    other: () => call(other, 'GET', `/chat/Dialog.json?_id=${ids.dialog}`),
  },
  {
    resource: 'dialog',
    via: 'preview in the dialog list, asked for among ids',
    own: () => call(owner, 'GET', `/chat/Dialog.json?_id[in]=${ids.dialog},${ids.group}`),
    other: () => call(other, 'GET', `/chat/Dialog.json?_id[in]=${ids.dialog},${ids.group}`),
  },
  {
    resource: 'messages',
    via: 'history by dialog id',
    own: () => call(owner, 'GET', `/chat/Message.json?chat_dialog_id=${ids.dialog}`),
    other: () => call(other, 'GET', `/chat/Message.json?chat_dialog_id=${ids.dialog}`),
  },
  {
    resource: 'message',
    via: 'update by id',
    own: () => call(owner, 'GET', `/chat/Message.json?chat_dialog_id=${ids.dialog}`),
    other: () =>
      call(other, 'PUT', `/chat/Message/${ids.message}.json`, {
        chat_dialog_id: ids.dialog,
        message: 'edited',
        read: 1,
      }),
  },
  {
    resource: 'message',
    via: 'delete by id (with force)',
    bulk: true,
    own: () => call(owner, 'GET', `/chat/Message.json?chat_dialog_id=${ids.dialog}`),
    other: () => call(other, 'DELETE', `/chat/Message/${ids.message}.json?force=1`),
  },
  {
    resource: 'blob',
    via: 'info by id',
    own: () => call(owner, 'GET', `/blobs/${ids.blob}.json`),
    other: () => call(other, 'GET', `/blobs/${ids.blob}.json`),
  },
  {
    resource: 'blob',
    via: 'download by uid',
    own: () => rawGet(owner, `/blobs/${ids.blobUid}`),
    other: () => rawGet(other, `/blobs/${ids.blobUid}`),
  },
  {
    resource: 'blob',
    via: 'delete by id',
    own: () => call(owner, 'GET', `/blobs/${ids.blob}.json`),
    other: () => call(other, 'DELETE', `/blobs/${ids.blob}.json`),
  },
  {
    resource: 'blob',
    via: 'attachment naming it in a message of her own',
    own: () => rawGet(owner, `/blobs/${ids.blobUid}`),
    other: () =>
      qb.call('POST', '/chat/Message.json', {
        token: other,
        json: {
          recipient_id: provider('bruno').chatId,
          message: 'x',
          attachments: [{ type: 'image', uid: ids.blobUid }],
        },
      }),
  },
  {
    resource: 'custom object',
    via: 'get by id',
    own: () => call(owner, 'GET', `/data/${CLASS}/${ids.record}.json`),
    other: () => call(other, 'GET', `/data/${CLASS}/${ids.record}.json`),
  },
  {
    resource: 'custom object',
    via: 'update by id',
    own: () => call(owner, 'GET', `/data/${CLASS}/${ids.record}.json`),
    other: () =>
      qb.call('PUT', `/data/${CLASS}/${ids.record}.json`, { token: other, json: { note: 'changed' } }),
  },
  {
    resource: 'custom object',
    via: 'delete by criteria',
    bulk: true,
    own: () => call(owner, 'GET', `/data/${CLASS}/${ids.record}.json`),
    other: () => call(other, 'DELETE', `/data/${CLASS}/by_criteria.json`, { note: SECRET }),
  },
  {
    resource: 'file field',
    via: 'download by record id',
    own: () => rawGet(owner, `/data/${CLASS}/${ids.record}/file.json?field_name=scan`),
    other: () => rawGet(other, `/data/${CLASS}/${ids.record}/file.json?field_name=scan`),
  },
  {
    resource: 'user',
    via: 'update by id',
    own: () => call(owner, 'GET', `/users/${ava.chatId}.json`),
    other: () => call(other, 'PUT', `/users/${ava.chatId}.json`, { user: { full_name: 'Not Ava' } }),
  },
  {
    resource: 'user',
    // An exact match is a lookup as by_email (the user, e-mail hidden); a range would reveal it.
    via: 'range filter on her hidden e-mail',
    own: () => call(owner, 'GET', `/users/${ava.chatId}.json`),
    other: () =>
      call(
        other,
        'GET',
        `/users.json?filter[]=${encodeURIComponent(`string email ge ${ava.email.slice(0, 4)}`)}`,
      ),
  },
];

const leaks = (answer: QbAnswer) => answer.text.includes(SECRET) || answer.text.includes(ava.email);

describe('tenancy matrix: chat service', () => {
  it.each(ROWS.map((r) => [`${r.resource}: ${r.via}`, r] as const))('%s', async (_, row) => {
    const before = await row.own();
    expect(before.status, `the owner reaches it: ${before.text.slice(0, 200)}`).toBe(200);
    const refused = await row.other();
    const emptyList =
      refused.status === 200 && Array.isArray(refused.body?.items) && refused.body.items.length === 0;
    if (row.bulk) expect(deletedNothing(refused), refused.text.slice(0, 200)).toBe(true);
    else if (!emptyList) {
      expect([403, 404, 422], `${refused.status} ${refused.text.slice(0, 200)}`).toContain(refused.status);
      expect(Object.keys(refused.body)).toEqual(['errors']);
    }
    expect(leaks(refused)).toBe(false);
    const after = await row.own();
    expect(after.status).toBe(200);
    expect(after.text).toBe(before.text);
  });

  it('keeps another member out of her group room by its JID over XMPP, and her messages out of it', async () => {
    const xmpp = await connectPeer({
      service: `${stack.url.replace('http', 'ws')}/xmpp-websocket`,
      domain: stack.chatDomain,
      username: `${emma.chatId}-${stack.appId}`,
      password: other,
    });
    try {
      const stanzas: Loose[] = [];
      xmpp.on('stanza', (s: Loose) => {
        if (String(s.attrs.from ?? '').startsWith(ids.room)) stanzas.push(s);
      });
      await xmpp.send(
        xml(
          'presence',
          { to: `${ids.room}/${emma.chatId}` },
          xml('x', { xmlns: 'http://jabber.org/protocol/muc' }),
        ),
      );
      await xmpp.send(
        xml('message', { to: ids.room, type: 'groupchat', id: 'intrude-1' }, xml('body', {}, 'let me in')),
      );
      await expect
        .poll(() => stanzas.filter((s) => s.attrs.type === 'error').length, { timeout: 60_000 })
        .toBe(2);
      expect(stanzas.some((s) => s.is('message') && s.attrs.type === 'groupchat')).toBe(false);
      expect(stanzas.map((s) => s.getChild('error')?.children?.[0]?.name)).toEqual(
        expect.arrayContaining(['registration-required']),
      );
    } finally {
      await stopPeer(xmpp);
    }
    const history = await call(owner, 'GET', `/chat/Message.json?chat_dialog_id=${ids.group}`);
    expect(history.text).not.toContain('let me in');
  });

  it("keeps her message archive (XEP-0313) from another member: her JID, her room's, and filters on her", async () => {
    const archived = `ava-archived-${Date.now()}`;
    const login = (who: typeof ava, token: string) =>
      connectPeer({
        service: `${stack.url.replace('http', 'ws')}/xmpp-websocket`,
        domain: stack.chatDomain,
        username: `${who.chatId}-${stack.appId}`,
        password: token,
      });
    const jid = (chatId: number) => `${chatId}-${stack.appId}@${stack.chatDomain}`;
    const query = (to: string | undefined, withJid?: string) =>
      xml(
        'iq',
        { type: 'set', ...(to ? { to } : {}) },
        xml(
          'query',
          { xmlns: MAM, queryid: `q${Date.now()}` },
          ...(withJid
            ? [
                xml(
                  'x',
                  { xmlns: 'jabber:x:data', type: 'submit' },
                  xml('field', { var: 'FORM_TYPE', type: 'hidden' }, xml('value', {}, MAM)),
                  xml('field', { var: 'with' }, xml('value', {}, withJid)),
                ),
              ]
            : []),
        ),
      );
    const avaPeer = await login(ava, owner);
    const emmaPeer = await login(emma, other);
    try {
      const avaSees: Loose[] = [];
      avaPeer.on('stanza', (st: Loose) => avaSees.push(st));
      const emmaSees: string[] = [];
      emmaPeer.on('stanza', (st: Loose) => emmaSees.push(st.toString()));
      const fatima = jid(member('fatima').chatId);
      await avaPeer.send(
        xml('message', { to: fatima, type: 'chat', id: 'archived-1' }, xml('body', {}, archived)),
      );
      // Her own archive holds it (archiving happens as the message passes; asked until it shows).
      await expect
        .poll(
          async () => {
            avaSees.length = 0;
            await avaPeer.iqCaller.request(query(undefined, fatima));
            return avaSees.some((st) => st.toString().includes(archived));
          },
          { timeout: 60_000 },
        )
        .toBe(true);

      const answers: Array<{ via: string; outcome: string }> = [];
      for (const [via, iq] of [
        ['a query addressed to her JID', query(jid(ava.chatId))],
        ["a query of her group room's archive", query(ids.room)],
        ['a query of my archive with her', query(undefined, jid(ava.chatId))],
        ['a query of my archive with the member she wrote to', query(undefined, fatima)],
      ] as const) {
        const outcome = await emmaPeer.iqCaller.request(iq).then(
          (result: Loose) => (result.getChild('fin', MAM) ? 'fin' : 'result'),
          (error: { condition?: string }) => `error ${error.condition ?? ''}`,
        );
        answers.push({ via, outcome });
      }
      // Only her own archive answers Emma, and it holds nothing of Ava's; the rest is refused.
      expect(answers.map((a) => [a.via, a.outcome.split(' ')[0]])).toEqual([
        ['a query addressed to her JID', 'error'],
        ["a query of her group room's archive", 'error'],
        ['a query of my archive with her', 'fin'],
        ['a query of my archive with the member she wrote to', 'fin'],
      ]);
      expect(emmaSees.some((text) => text.includes(archived) || text.includes(SECRET))).toBe(false);
    } finally {
      await Promise.all([stopPeer(avaPeer), stopPeer(emmaPeer)]);
    }
  });
});
