/**
 * The own API's chat calls (spec §7 "Chat and consultation", §3 "Client info" and "Chat account
 * info"): the provider's dialogs with client info and unread counts, client lookup by chat id
 * (only for the provider's own clients), the chat account, and the unread dialog list.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { member, personas, provider } from '../../fixtures';
import { DEFAULT_AVATAR_PATH } from '../../src/shared/api/chat';
import { apiClient } from '../support/api';
import { qbClient, type Loose } from '../support/qb';
import { providerChatSession, privateDialog } from '../support/long-chat';
import { grantedProvider, move, requestReport } from '../support/reports';

const stack = inject('stack');
const api = apiClient(stack);
const qb = qbClient(stack.url);
const amelia = provider('amelia');
const ava = member('ava');
let portal = '';
let chat = '';

/** The chat service's own unread counts for Amelia, to compare with the own API. */
async function serviceUnread(): Promise<Record<string, number>> {
  return (await qb.call('GET', '/chat/Message/unread.json', { token: chat })).body;
}

beforeAll(async () => {
  const session = await qb.providerSession('amelia');
  portal = session.portalToken;
  chat = session.token;
});

describe('GET /message/qb/doctor/getDialogs', () => {
  it("lists Amelia's seeded dialogs newest first, with client info and the service's unread counts", async () => {
    const answer = await api.call<Loose>('GET', '/message/qb/doctor/getDialogs', { token: portal });
    expect(answer.code).toBe('OK');
    const { items, total } = answer.data;
    expect(total).toBeGreaterThanOrEqual(6);
    const withAva = items.find((d: Loose) => d.client?.id === ava.chatId);
    expect(withAva).toMatchObject({
      type: 3,
      name: ava.name,
      xmppRoomJid: null,
      client: { id: ava.chatId, userId: expect.any(Number), name: ava.name, avatar: DEFAULT_AVATAR_PATH },
    });
    const group = items.find((d: Loose) => d.type === 2);
    expect(group).toMatchObject({
      name: 'IVF preparation circle',
      client: null,
      xmppRoomJid: expect.stringContaining('@muc.'),
    });
    const dates = items.map((d: Loose) => d.lastMessageDateSent ?? 0);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    const counts = await qb.call(
      'GET',
      `/chat/Message/unread.json?chat_dialog_ids=${items.map((d: Loose) => d.dialogId).join(',')}`,
      { token: chat },
    );
    for (const d of items) expect(d.unreadMessagesCount).toBe(counts.body[d.dialogId]);
    expect(items.some((d: Loose) => d.unreadMessagesCount > 0)).toBe(true);

    const page = await api.call<Loose>('GET', '/message/qb/doctor/getDialogs?limit=2&skip=1', {
      token: portal,
    });
    expect(page.data.items.map((d: Loose) => d.dialogId)).toEqual(
      items.slice(1, 3).map((d: Loose) => d.dialogId),
    );
  });

  it("gives a call record that is a dialog's last message as the record, whatever its body's language", async () => {
    // Dr. Bruno and Emma have no dialog in the seed: this one changes nobody else's list.
    const bruno = await qb.providerSession('bruno');
    const emma = member('emma');
    const created = await qb.call('POST', '/chat/Dialog.json', {
      token: bruno.token,
      form: { type: 3, occupants_ids: String(emma.chatId) },
    });
    const dialogId = (created.body as Loose)._id as string;
    const record = await qb.call('POST', '/chat/Message.json', {
      token: bruno.token,
      form: {
        chat_dialog_id: dialogId,
        message: 'Durata chiamata: 00:04',
        conferenceType: '2',
        callOutcome: 'completed',
        callSeconds: '4',
      },
    });
    expect(record.status).toBe(201);
    const list = await api.call<Loose>('GET', '/message/qb/doctor/getDialogs', { token: bruno.portalToken });
    const withEmma = list.data.items.find((d: Loose) => d.dialogId === dialogId);
    expect(withEmma).toMatchObject({
      lastMessage: 'Durata chiamata: 00:04',
      lastMessageCall: { outcome: 'completed', seconds: 4, media: 'audio' },
    });
  });

  it('needs a signed-in provider and valid paging', async () => {
    expect((await api.call('GET', '/message/qb/doctor/getDialogs')).code).toBe('TOKEN_ERR_EMPTY');
    expect((await api.call('GET', '/message/qb/doctor/getDialogs?limit=0', { token: portal })).code).toBe(
      'VALIDATION_ERROR',
    );
  });
});

describe('a dialog list read while messages arrive', () => {
  it('counts exactly the messages up to the last message it names: the portal, the chat service, one dialog', async () => {
    // A new provider, and Fatima writing to her over the chat service, one message after another.
    const fresh = await api.signUpFresh('counted');
    const providerChat = await providerChatSession(stack.url, fresh.token);
    const fatima = await qb.memberSession('fatima');
    const dialogId = await privateDialog(qb, providerChat, member('fatima').chatId);
    const sent: string[] = [];
    let writing = true;
    const writer = (async () => {
      try {
        for (let i = 0; i < 60; i += 1) {
          const message = await qb.call('POST', '/chat/Message.json', {
            token: fatima,
            form: { chat_dialog_id: dialogId, message: `Question ${i + 1}` },
          });
          if (message.status !== 201) throw new Error(`Message: ${message.status} ${message.text}`);
          sent.push((message.body as Loose)._id as string);
        }
      } finally {
        writing = false;
      }
    })();
    // Both lists and the chat service's one dialog, read again and again meanwhile: what each said.
    const seen: Array<{ last: string | null; count: number }> = [];
    const reader = async () => {
      while (writing) {
        const [portalList, serviceList, one] = await Promise.all([
          api.call<Loose>('GET', '/message/qb/doctor/getDialogs', { token: fresh.token }),
          qb.call('GET', '/chat/Dialog.json', { token: providerChat }),
          qb.call('GET', `/chat/Dialog/${dialogId}.json`, { token: providerChat }),
        ]);
        const mine = portalList.data.items.find((d: Loose) => d.dialogId === dialogId);
        if (mine) seen.push({ last: mine.lastMessageId, count: mine.unreadMessagesCount });
        const theirs = (serviceList.body as Loose).items.find((d: Loose) => d._id === dialogId);
        if (theirs) seen.push({ last: theirs.last_message_id, count: theirs.unread_messages_count });
        const dialog = one.body as Loose;
        seen.push({ last: dialog.last_message_id, count: dialog.unread_messages_count });
      }
    };
    await Promise.all([writer, reader(), reader()]);
    expect(seen.length).toBeGreaterThan(10);
    // All unread, stored in the order she sent them: a count is the place of the last message.
    const wrong = seen.filter(({ last, count }) => count !== (last === null ? 0 : sent.indexOf(last) + 1));
    expect(wrong).toEqual([]);
  });
});

describe('GET /consultation/invite/doctor/doctorInfo/ByUserQbId', () => {
  it("gives a client's name, avatar (or the default) and ids", async () => {
    const answer = await api.call<Loose>(
      'GET',
      `/consultation/invite/doctor/doctorInfo/ByUserQbId?quickBloxId=${ava.chatId}`,
      { token: portal },
    );
    expect(answer.data).toEqual({
      id: ava.chatId,
      userId: expect.any(Number),
      name: ava.name,
      avatar: DEFAULT_AVATAR_PATH,
    });
    const avatar = await fetch(`${stack.url}${DEFAULT_AVATAR_PATH}`);
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml');
    expect(await avatar.text()).toContain('<svg');
  });

  it("does not disclose users who are not the provider's clients", async () => {
    const emma = member('emma');
    const answer = await api.call(
      'GET',
      `/consultation/invite/doctor/doctorInfo/ByUserQbId?quickBloxId=${emma.chatId}`,
      { token: portal },
    );
    expect(answer.status).toBe(404);
    expect(
      (
        await api.call('GET', '/consultation/invite/doctor/doctorInfo/ByUserQbId?quickBloxId=abc', {
          token: portal,
        })
      ).code,
    ).toBe('VALIDATION_ERROR');
  });
});

describe('the caller lookup of an incoming call (issue 27 item 2)', () => {
  it('knows a member through a report the provider holds, and not before', async () => {
    const fresh = await grantedProvider(api, stack, 'caller-lookup');
    const emma = member('emma');
    const lookup = () =>
      api.call<Loose>('GET', `/consultation/invite/doctor/doctorInfo/ByUserQbId?quickBloxId=${emma.chatId}`, {
        token: fresh.token,
      });
    expect((await lookup()).status).toBe(404);
    const reportId = await requestReport(stack, emma.email);
    expect((await move(api, fresh.token, 'claim', reportId)).code).toBe('OK');
    const known = await lookup();
    expect(known.code).toBe('OK');
    expect(known.data).toMatchObject({ id: emma.chatId, name: emma.name });
  });
});

describe('GET /message/qb/user/get and the unread dialog list', () => {
  it('gives the chat password and unread counts per dialog, and only unread dialogs in the list', async () => {
    const account = await api.call<Loose>('GET', '/message/qb/user/get', { token: portal });
    const credentials = await api.call<Loose>('GET', '/message/qb/user/getInfo', { token: portal });
    expect(account.data).toMatchObject({
      login: amelia.chatLogin,
      password: credentials.data.password,
      quickBloxId: amelia.chatId,
      app: {
        appId: personas.chatApp.appId,
        authKey: personas.chatApp.authKey,
        authSecret: personas.chatApp.authSecret,
        hash: 'sha1',
        apiPath: '/qb',
      },
    });
    const service = await serviceUnread();
    expect(account.data.totalUnread).toBe(service.total);
    expect(account.data.items.reduce((n: number, i: Loose) => n + i.unreadMessagesCount, 0)).toBe(
      service.total,
    );

    const unread = await api.call<Loose>('GET', '/message/qb/doctor/unreadDialogs', { token: portal });
    expect(unread.data.total).toBe(service.total);
    expect(unread.data.items.every((i: Loose) => i.unreadMessagesCount > 0)).toBe(true);
    const withAva = unread.data.items.find((i: Loose) => i.clientChatId === ava.chatId);
    expect(withAva).toBeDefined();

    // Reading the dialog over the chat service takes it off the list.
    await qb.call('PUT', '/chat/Message.json', {
      token: chat,
      form: { read: 1, chat_dialog_id: withAva.dialogId },
    });
    const after = await api.call<Loose>('GET', '/message/qb/doctor/unreadDialogs', { token: portal });
    expect(after.data.items.find((i: Loose) => i.clientChatId === ava.chatId)).toBeUndefined();
    expect(after.data.total).toBe(unread.data.total - withAva.unreadMessagesCount);
  });
});
