/**
 * What `src/rest`'s chat-service client puts on the wire for the calls whose encoding is easy to
 * get wrong (docs/wire/hosted-chat.md §2.2, §5.1, §5.2, §6): method, path, content type and the exact
 * body, read from a recording `fetch`.
 */
import { describe, expect, it } from 'vitest';
import { createChatService } from '../../../src/rest';

interface Sent {
  method: string;
  url: string;
  type: string | null;
  body: string;
}

function recording(answer: unknown = {}) {
  const sent: Sent[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push({
      method: request.method,
      url: request.url,
      type: request.headers.get('Content-Type'),
      body: await request.text(),
    });
    return new Response(JSON.stringify(answer), { status: 200 });
  }) as typeof globalThis.fetch;
  const chat = createChatService({
    apiUrl: 'http://chat.test/qb',
    appId: 1,
    authKey: 'k',
    authSecret: 's',
    fetch,
  });
  chat.client.setToken('t');
  return { chat, sent };
}

const FORM = 'application/x-www-form-urlencoded; charset=UTF-8';

describe('messages.create (§5.2)', () => {
  it('is form-encoded, custom fields at the top level, send_to_chat=1', async () => {
    const { chat, sent } = recording();
    await chat.messages.create({
      chat_dialog_id: 'd1',
      message: 'Hi & bye',
      topic: 'lab',
      send_to_chat: true,
    });
    expect(sent).toEqual([
      {
        method: 'POST',
        url: 'http://chat.test/qb/chat/Message.json',
        type: FORM,
        body: 'chat_dialog_id=d1&message=Hi%20%26%20bye&send_to_chat=1&topic=lab',
      },
    ]);
  });

  it('sends each attachment as indexed pairs, and markable=1', async () => {
    const { chat, sent } = recording();
    await chat.messages.create({
      recipient_id: 7,
      message: '[attachment]',
      markable: true,
      attachments: [
        { type: 'image', id: '42', uid: 'u1', name: 'scan one.png', size: 2048 },
        { type: 'file', id: '43' },
      ],
    });
    expect(sent[0]!.type).toBe(FORM);
    expect(sent[0]!.body.split('&')).toEqual([
      'attachments[0][id]=42',
      'attachments[0][name]=scan%20one.png',
      'attachments[0][size]=2048',
      'attachments[0][type]=image',
      'attachments[0][uid]=u1',
      'attachments[1][id]=43',
      'attachments[1][type]=file',
      'markable=1',
      'message=%5Battachment%5D',
      'recipient_id=7',
    ]);
  });
});

describe('dialogs.create (§5.1)', () => {
  it('is form-encoded with occupants joined by ", "', async () => {
    const { chat, sent } = recording();
    await chat.dialogs.create({
      type: 2,
      name: 'Circle',
      occupants_ids: [200001, 200002],
      is_joinable: true,
    });
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: 'http://chat.test/qb/chat/Dialog.json',
      type: FORM,
    });
    expect(sent[0]!.body).toBe('is_joinable=1&name=Circle&occupants_ids=200001%2C%20200002&type=2');
  });

  it('updates with a JSON body', async () => {
    const { chat, sent } = recording();
    await chat.dialogs.update('d1', { name: 'New', push_all: { occupants_ids: [3] } });
    expect(sent[0]).toEqual({
      method: 'PUT',
      url: 'http://chat.test/qb/chat/Dialog/d1.json',
      type: 'application/json; charset=utf-8',
      body: '{"name":"New","push_all":{"occupants_ids":[3]}}',
    });
  });
});

describe('content (§6)', () => {
  it('renames a blob with PUT /blobs/{id}.json and blob[name] (not the SDK GET quirk)', async () => {
    const { chat, sent } = recording({ blob: { id: 5, name: 'b.png' } });
    await chat.content.update(5, { name: 'b.png' });
    expect(sent[0]).toEqual({
      method: 'PUT',
      url: 'http://chat.test/qb/blobs/5.json',
      type: FORM,
      body: 'blob[name]=b.png',
    });
  });

  it('completes an upload with size=, not blob[size]', async () => {
    const { chat, sent } = recording();
    await chat.content.complete(5, 2048);
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      url: 'http://chat.test/qb/blobs/5/complete.json',
      body: 'size=2048',
    });
  });
});
