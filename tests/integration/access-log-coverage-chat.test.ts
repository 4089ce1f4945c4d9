/**
 * Every read of a member's chat is in the access log (issue 27 item 3; docs/security.md
 * "Health-data access log"): through the chat-service REST (every `/qb` route the module
 * registers is named here, as a logged read or with why it is none) and through XMPP — an archive
 * query (XEP-0313) on the provider's own archive and on a room's, and a room's history on join,
 * which Prosody reports (mod_portal_archive_reads.lua) as it reports messages.
 */
import { randomBytes } from 'node:crypto';
import { xml } from '@xmpp/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { member } from '../../fixtures';
import type { HealthDataKind } from '../../src/shared/health-data-access';
import { logMark, waitForRow } from '../support/access-log';
import { apiClient } from '../support/api';
import {
  collect,
  jidOf,
  nextStanza,
  onlinePeer,
  wsUrl,
  type Element,
  type Peer,
} from '../support/chat-harness';
import { qbClient } from '../support/qb';
import { storeBlob } from '../support/qb-files';
import { qbRoutes } from '../support/qb-routes';
import { connectPeer, stopPeer } from '../support/xmpp-peer';

const stack = inject('stack');
const api = apiClient(stack);
const qb = qbClient(stack.url);
const MAM = 'urn:xmpp:mam:2';
const MUC = 'http://jabber.org/protocol/muc';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** `/qb` routes whose answer holds a member's chat, and the row each leaves. */
const LOGGED: Record<string, HealthDataKind> = {
  'GET /qb/chat/Message.json': 'chat-history',
  'GET /qb/chat/Dialog.json': 'chat-preview',
  'GET /qb/chat/Dialog/:id.json': 'chat-preview',
  'POST /qb/chat/Dialog.json': 'chat-preview',
  'PUT /qb/chat/Dialog/:id.json': 'chat-preview',
  'GET /qb/blobs/:key.json': 'chat-file',
  'GET /qb/blobs/:key': 'chat-file',
  'GET /qb/blobs/:key/download.json': 'chat-file',
};

/** `/qb` routes that hand out no member's health data, and why. */
const NOT_HEALTH_DATA: Record<string, string> = {
  'POST /qb/session.json': 'sessions',
  'GET /qb/session.json': 'sessions',
  'DELETE /qb/session.json': 'sessions',
  'POST /qb/login.json': 'sessions',
  'DELETE /qb/login.json': 'sessions',
  'GET /qb/users.json': 'user records as the vendor shows them to every user of the app',
  'GET /qb/users/by_full_name.json': 'user records',
  'GET /qb/users/by_tags.json': 'user records',
  'GET /qb/users/by_login.json': 'user records',
  'GET /qb/users/by_email.json': 'user records',
  'GET /qb/users/by_facebook_id.json': 'user records',
  'GET /qb/users/by_twitter_id.json': 'user records',
  'GET /qb/users/phone.json': 'user records',
  'GET /qb/users/external/:id.json': 'user records',
  'GET /qb/users/:id.json': 'user records',
  'POST /qb/users.json': 'the caller’s own record',
  'PUT /qb/users/:id.json': 'the caller’s own record',
  'DELETE /qb/users/external/:id.json': 'the caller’s own record',
  'DELETE /qb/users/:id.json': 'the caller’s own record',
  'GET /qb/users/password/reset.json': 'account',
  'GET /qb/users/password/reset/page.css': 'account',
  'GET /qb/users/password/reset/confirm': 'account',
  'POST /qb/users/password/reset/confirm': 'account',
  'DELETE /qb/chat/Dialog/:ids.json': 'answers nothing',
  'POST /qb/chat/Message.json': 'the caller’s own message',
  'PUT /qb/chat/Message.json': 'answers nothing',
  'PUT /qb/chat/Message/:ids.json': 'answers nothing',
  'DELETE /qb/chat/Message/:ids.json': 'answers nothing',
  'GET /qb/chat/Message/unread.json': 'counts',
  'POST /qb/blobs.json': 'the caller’s own file',
  'POST /qb/blobs/:id/upload': 'the caller’s own file',
  'PUT /qb/blobs/:id/complete.json': 'the caller’s own file',
  'GET /qb/blobs.json': 'the caller’s own files',
  'PUT /qb/blobs/:key.json': 'the caller’s own file',
  'DELETE /qb/blobs/:key.json': 'the caller’s own file',
  'POST /qb/data/:cls.json': 'the caller’s own records',
  'GET /qb/data/:cls.json': 'the caller’s own records',
  'GET /qb/data/:cls/:ids.json': 'the caller’s own records',
  'PUT /qb/data/:cls/:ids.json': 'the caller’s own records',
  'DELETE /qb/data/:cls/by_criteria.json': 'the caller’s own records',
  'DELETE /qb/data/:cls/:ids.json': 'the caller’s own records',
  'POST /qb/data/:cls/:id/file.json': 'the caller’s own records',
  'GET /qb/data/:cls/:id/file.json': 'the caller’s own records',
  'DELETE /qb/data/:cls/:id/file.json': 'the caller’s own records',
  'POST /qb/address_book.json': 'the caller’s own address book',
  'GET /qb/address_book.json': 'the caller’s own address book',
  'GET /qb/address_book/registered_users.json': 'user records',
  'POST /qb/subscriptions.json': 'the caller’s own push subscriptions',
  'GET /qb/subscriptions.json': 'the caller’s own push subscriptions',
  'DELETE /qb/subscriptions/:id.json': 'the caller’s own push subscriptions',
  'POST /qb/events.json': 'the caller’s own push events',
  'GET /qb/events.json': 'the caller’s own push events',
  'GET /qb/events/:id.json': 'the caller’s own push events',
  'DELETE /qb/events/:id.json': 'the caller’s own push events',
  'GET /qb/events/:id/status.json': 'the caller’s own push events',
  'GET /qb/account_settings.json': 'configuration',
  'POST /qb/ai/ai_extensions/ai_answer_assist': 'answers about text the caller sends',
  'POST /qb/ai/ai_extensions/ai_translate': 'answers about text the caller sends',
};

describe('the chat service and the access log', () => {
  it('names every /qb route: a read that is logged, or why it is none', async () => {
    const routes = (await qbRoutes()).map((r) => `${r.method} ${r.url}`).sort();
    expect([...Object.keys(LOGGED), ...Object.keys(NOT_HEALTH_DATA)].sort()).toEqual(routes);
  });

  describe('every read of her chat leaves its row', () => {
    const bianca = member('bianca');
    const proved = new Set<string>();
    let email = '';
    let chatId = 0;
    let token = '';
    let biancaToken = '';
    let dialogId = '';
    let groupId = '';
    let file = { id: 0, uid: '' };
    let provider: Peer;
    let providerStanzas: Element[];
    let biancaPeer: Peer;

    async function proves(route: string, read: () => Promise<{ status: number }>, resourceId?: string) {
      const since = logMark();
      const answer = await read();
      expect(answer.status, route).toBeLessThan(300);
      await waitForRow(stack, email, since, {
        kind: LOGGED[route]!,
        memberChatId: bianca.chatId,
        resourceId,
      });
      proved.add(route);
    }

    beforeAll(async () => {
      const fresh = await api.signUpFresh('chat-log');
      ({ email, chatId } = fresh);
      const info = await api.call<{ password: string; login: string }>('GET', '/message/qb/user/getInfo', {
        token: fresh.token,
      });
      token = await qb.createSession({ login: info.data.login, password: info.data.password });
      provider = await connectPeer({
        service: wsUrl(stack),
        domain: stack.chatDomain,
        username: `${chatId}-${stack.appId}`,
        password: info.data.password,
      });
      providerStanzas = collect(provider);
      await provider.send(xml('presence'));
      biancaToken = await qb.memberSession('bianca');
      biancaPeer = await onlinePeer(stack, 'bianca');
      const dialog = await qb.call('POST', '/chat/Dialog.json', {
        token: biancaToken,
        form: { type: 3, occupants_ids: String(chatId) },
      });
      dialogId = dialog.body._id as string;
      file = await storeBlob(qb, biancaToken, 'scan.png', PNG, 'image/png');
      const sent = await qb.call('POST', '/chat/Message.json', {
        token: biancaToken,
        json: {
          chat_dialog_id: dialogId,
          message: 'My temperature was 36.9 and I had spotting',
          attachments: [{ type: 'image', id: String(file.id), uid: file.uid }],
        },
      });
      expect(sent.status).toBe(201);
    });
    afterAll(async () => {
      await Promise.all([provider, biancaPeer].filter(Boolean).map(stopPeer));
    });

    it('the REST history, dialogs and files', async () => {
      await proves(
        'GET /qb/chat/Message.json',
        () => qb.call('GET', `/chat/Message.json?chat_dialog_id=${dialogId}`, { token }),
        dialogId,
      );
      await proves(
        'GET /qb/chat/Dialog.json',
        () => qb.call('GET', '/chat/Dialog.json', { token }),
        dialogId,
      );
      await proves(
        'GET /qb/chat/Dialog/:id.json',
        () => qb.call('GET', `/chat/Dialog/${dialogId}.json`, { token }),
        dialogId,
      );
      await proves(
        'POST /qb/chat/Dialog.json',
        () =>
          qb.call('POST', '/chat/Dialog.json', {
            token,
            form: { type: 3, occupants_ids: String(bianca.chatId) },
          }),
        dialogId,
      );
      await proves(
        'GET /qb/blobs/:key.json',
        () => qb.call('GET', `/blobs/${file.uid}.json`, { token }),
        file.uid,
      );
      await proves(
        'GET /qb/blobs/:key',
        () => fetch(`${stack.url}/qb/blobs/${file.uid}?token=${token}`),
        file.uid,
      );
      await proves(
        'GET /qb/blobs/:key/download.json',
        () => fetch(`${stack.url}/qb/blobs/${file.uid}/download.json?token=${token}`),
        file.uid,
      );
    });

    it('an archive query on her messages, over XMPP', async () => {
      const text = `archived ${randomBytes(3).toString('hex')}`;
      const arrived = nextStanza(provider, (s) => s.is('message') && s.getChildText('body') === text);
      await biancaPeer.send(
        xml('message', { to: jidOf(stack, chatId), type: 'chat' }, xml('body', {}, text)),
      );
      await arrived;
      const since = logMark();
      const queryid = randomBytes(4).toString('hex');
      const form = xml(
        'x',
        { xmlns: 'jabber:x:data', type: 'submit' },
        xml('field', { var: 'FORM_TYPE', type: 'hidden' }, xml('value', {}, MAM)),
        xml('field', { var: 'with' }, xml('value', {}, jidOf(stack, bianca.chatId))),
      );
      const fin = await provider.iqCaller.request(
        xml('iq', { type: 'set' }, xml('query', { xmlns: MAM, queryid }, form)),
      );
      expect(fin.getChild('fin', MAM)).toBeDefined();
      expect(providerStanzas.some((s) => s.getChild('result', MAM)?.attrs.queryid === queryid)).toBe(true);
      await waitForRow(stack, email, since, {
        kind: 'chat-archive',
        memberChatId: bianca.chatId,
        resourceId: dialogId,
      });
    });

    it("a room's history on join and its archive, over XMPP; the dialog list of the room", async () => {
      const group = await qb.call('POST', '/chat/Dialog.json', {
        token,
        form: { type: 2, name: 'Cycle questions', occupants_ids: String(bianca.chatId) },
      });
      expect(group.status).toBe(201);
      groupId = group.body._id as string;
      const room = group.body.xmpp_room_jid as string;
      const joined = (peer: Peer, nick: number) => {
        const self = nextStanza(peer, (s) => s.is('presence') && s.attrs.from === `${room}/${nick}`);
        return peer
          .send(xml('presence', { to: `${room}/${nick}` }, xml('x', { xmlns: MUC })))
          .then(() => self);
      };
      expect((await joined(biancaPeer, bianca.chatId)).attrs.type).not.toBe('error');
      const text = `in the room ${randomBytes(3).toString('hex')}`;
      const echoed = nextStanza(biancaPeer, (s) => s.is('message') && s.getChildText('body') === text);
      await biancaPeer.send(
        xml(
          'message',
          { to: room, type: 'groupchat' },
          xml('body', {}, text),
          xml('extraParams', { xmlns: 'jabber:client' }, xml('save_to_history', {}, '1')),
        ),
      );
      await echoed;

      let since = logMark();
      expect((await joined(provider, chatId)).attrs.type).not.toBe('error');
      await waitForRow(stack, email, since, {
        kind: 'chat-archive',
        memberChatId: bianca.chatId,
        resourceId: groupId,
      });

      since = logMark();
      const fin = await provider.iqCaller.request(
        xml('iq', { type: 'set', to: room }, xml('query', { xmlns: MAM, queryid: 'room' })),
      );
      expect(fin.getChild('fin', MAM)).toBeDefined();
      await waitForRow(stack, email, since, {
        kind: 'chat-archive',
        memberChatId: bianca.chatId,
        resourceId: groupId,
      });

      // Once the room's message is stored (Prosody reports it), the group's answer quotes it.
      const deadline = Date.now() + 20_000;
      while ((await qb.call('GET', `/chat/Dialog/${groupId}.json`, { token })).body.last_message !== text) {
        if (Date.now() > deadline) throw new Error("The room's message was never stored");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await proves(
        'PUT /qb/chat/Dialog/:id.json',
        () =>
          qb.call('PUT', `/chat/Dialog/${groupId}.json`, { token, json: { name: 'Cycle questions (2)' } }),
        groupId,
      );
    });

    it('proved every logged route', () => {
      expect([...proved].sort()).toEqual(Object.keys(LOGGED).sort());
    });
  });
});
