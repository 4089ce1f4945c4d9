/**
 * Rooms on the real Prosody (XEP-0045; wire §17; spec §4 "Rooms"), over both of our transports:
 * the rooms of group dialogs, made by the server. Three occupants — an @xmpp/client owner, our
 * client and a second peer — join with zero history, completion on status 110 with the join id,
 * occupants joining and leaving, groupchat both ways, online users, a kick (307) and a ban (301)
 * that removes the room from our joined set, and the join error that follows; a room we moderate
 * and leave; and a room of no dialog, which a join does not create (code 500, the MUC x echoed).
 */
import { xml } from '@xmpp/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { member, provider } from '../../fixtures';
import type { ChatClient, KickEvent } from '../../src/xmpp';
import {
  boshUrl,
  nextEvent,
  nextStanza,
  onlinePeer,
  ourClient,
  wsUrl,
  type Peer,
} from '../support/chat-harness';
import { qbClient } from '../support/qb';
import { stopPeer } from '../support/xmpp-peer';

const stack = inject('stack');
const qb = qbClient(stack.url);
const MUC = 'http://jabber.org/protocol/muc';
const room = (dialogId: string) => `${stack.appId}_${dialogId}@muc.${stack.chatDomain}`;
const chiara = provider('chiara');

/** A group dialog of Ava's with these occupants: the server makes its room (wire §5.1). */
async function avasDialog(name: string, occupants: number[]): Promise<string> {
  const created = await qb.call('POST', '/chat/Dialog.json', {
    token: await qb.memberSession('ava'),
    form: { type: 2, name, occupants_ids: occupants.join(', ') },
  });
  if (created.status !== 201) throw new Error(`dialog ${name}: ${created.status} ${created.text}`);
  return created.body._id as string;
}

/** An @xmpp/client occupant joins the room of a dialog. */
async function peerJoins(peer: Peer, dialogId: string, nick: number): Promise<void> {
  const self = nextStanza(
    peer,
    (s) => s.is('presence') && s.attrs.from === `${room(dialogId)}/${nick}` && s.attrs.type !== 'unavailable',
  );
  await peer.send(xml('presence', { to: `${room(dialogId)}/${nick}` }, xml('x', { xmlns: MUC })));
  const presence = await self;
  // A refusal (e.g. a room still locked, XEP-0045 §10.1.1) must not pass for a join.
  if (presence.attrs.type === 'error')
    throw new Error(`${nick} could not join ${dialogId}: ${presence.toString()}`);
  const statuses =
    presence
      .getChild('x', `${MUC}#user`)
      ?.getChildren('status')
      .map((s) => s.attrs.code) ?? [];
  if (statuses.includes('201')) {
    await peer.iqCaller.request(
      xml(
        'iq',
        { type: 'set', to: room(dialogId) },
        xml('query', { xmlns: `${MUC}#owner` }, xml('x', { xmlns: 'jabber:x:data', type: 'submit' })),
      ),
    );
  }
}

describe.each(['websocket', 'bosh'] as const)('rooms over %s', (transport) => {
  const peers: Peer[] = [];
  let ours: ChatClient;

  beforeAll(async () => {
    ours = await ourClient(
      stack,
      { provider: 'chiara' },
      { service: transport === 'bosh' ? boshUrl(stack) : wsUrl(stack) },
    );
    expect(ours.transport).toBe(transport);
  });

  afterAll(async () => {
    await ours?.disconnect();
    await Promise.all(peers.map(stopPeer));
  });

  describe('a room with three occupants', () => {
    let dialogId = '';
    const ava = member('ava');
    const bianca = member('bianca');
    let owner: Peer;
    let third: Peer;

    beforeAll(async () => {
      dialogId = await avasDialog(`Consultation ${transport}`, [chiara.chatId, bianca.chatId]);
      owner = await onlinePeer(stack, 'ava', { presence: false });
      third = await onlinePeer(stack, 'bianca', { presence: false });
      peers.push(owner, third);
      await owner.send(xml('message', { to: room(dialogId), type: 'groupchat' }, xml('body', {}, 'before')));
      await peerJoins(owner, dialogId, ava.chatId);
      // The room reflects the message to its sender once it is in the room's history; only then
      // may Chiara join, or the message could reach her live (sockets are not ordered together).
      const reflected = nextStanza(
        owner,
        (s) => s.is('message') && s.getChildText('body') === 'history before chiara',
      );
      await owner.send(
        xml('message', { to: room(dialogId), type: 'groupchat' }, xml('body', {}, 'history before chiara')),
      );
      await reflected;
    });

    it('joins with zero history, completing on status 110', async () => {
      const history: string[] = [];
      const off = ours.messages.on('message', (m) => history.push(m.body ?? ''));
      const sawOwner = nextEvent(ours, 'muc', 'joinOccupant', (e) => e.userId === ava.chatId);
      const atOwner = nextStanza(
        owner,
        (s) => s.is('presence') && s.attrs.from === `${room(dialogId)}/${chiara.chatId}`,
      );
      expect(await ours.muc.join(dialogId)).toEqual({ dialogId });
      expect(ours.joinedRooms).toEqual([room(dialogId)]);
      expect(await sawOwner).toEqual({ dialogId, userId: ava.chatId });
      await atOwner;
      // The room keeps history, but we asked for none.
      const marker = nextEvent(ours, 'messages', 'message', (m) => m.body === 'after join');
      await owner.send(
        xml('message', { to: room(dialogId), type: 'groupchat' }, xml('body', {}, 'after join')),
      );
      await marker;
      off();
      expect(history).toEqual(['after join']);
    });

    it('sees the third occupant, lists everyone online, and talks both ways', async () => {
      const joined = nextEvent(ours, 'muc', 'joinOccupant', (e) => e.userId === bianca.chatId);
      await peerJoins(third, dialogId, bianca.chatId);
      await joined;
      expect((await ours.muc.listOnlineUsers(dialogId)).sort()).toEqual(
        [chiara.chatId, ava.chatId, bianca.chatId].sort(),
      );

      const atOwner = nextStanza(owner, (s) => s.is('message') && s.getChildText('body') === 'Hello room');
      const atThird = nextStanza(third, (s) => s.is('message') && s.getChildText('body') === 'Hello room');
      const echo = nextEvent(ours, 'messages', 'message', (m) => m.body === 'Hello room');
      const id = ours.send(ours.helpers.roomJid(dialogId), {
        body: 'Hello room',
        extension: { dialog_id: dialogId },
      });
      for (const stanza of [await atOwner, await atThird]) {
        expect(stanza.attrs).toMatchObject({ type: 'groupchat', from: `${room(dialogId)}/${chiara.chatId}` });
      }
      expect(await echo).toMatchObject({ id, userId: chiara.chatId, dialogId });

      const fromThird = nextEvent(ours, 'messages', 'message', (m) => m.body === 'Hi all');
      await third.send(
        xml('message', { to: room(dialogId), type: 'groupchat', id: 'g-3' }, xml('body', {}, 'Hi all')),
      );
      expect(await fromThird).toMatchObject({
        type: 'groupchat',
        userId: bianca.chatId,
        dialogId,
        id: 'g-3',
      });
    });

    it('reports a kicked occupant (307) and a leaving one', async () => {
      const kicked = nextEvent(ours, 'muc', 'kick', (e) => e.userId === bianca.chatId);
      await owner.iqCaller.request(
        xml(
          'iq',
          { type: 'set', to: room(dialogId) },
          xml('query', { xmlns: `${MUC}#admin` }, xml('item', { nick: String(bianca.chatId), role: 'none' })),
        ),
      );
      expect(await kicked).toMatchObject({ dialogId, userId: bianca.chatId, code: 307, self: false });
      expect(ours.joinedRooms).toEqual([room(dialogId)]);
    });

    it('forgets the room when we are banned (301), and a new join fails with the code and text', async () => {
      const removed = nextEvent(ours, 'muc', 'kick', (e: KickEvent) => e.self);
      await owner.iqCaller.request(
        xml(
          'iq',
          { type: 'set', to: room(dialogId) },
          xml(
            'query',
            { xmlns: `${MUC}#admin` },
            xml('item', { jid: chiara.jid, affiliation: 'outcast' }, xml('reason', {}, 'test ban')),
          ),
        ),
      );
      expect(await removed).toMatchObject({ dialogId, userId: chiara.chatId, code: 301, self: true });
      expect(ours.joinedRooms).toEqual([]);
      const refused = await ours.muc.join(dialogId).catch((e: unknown) => e);
      expect(refused).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
      expect((refused as { condition: string }).condition).toBe('forbidden');
      expect(ours.joinedRooms).toEqual([]);
    });
  });

  describe('a room we moderate', () => {
    it('lets us kick as the admin the owner made us, and see people leave', async () => {
      const clara = member('clara');
      const dialogId = await avasDialog(`Moderated ${transport}`, [chiara.chatId, clara.chatId]);
      const owner = await onlinePeer(stack, 'ava', { presence: false });
      const guest = await onlinePeer(stack, 'clara', { presence: false });
      peers.push(owner, guest);
      await peerJoins(owner, dialogId, member('ava').chatId);
      await owner.iqCaller.request(
        xml(
          'iq',
          { type: 'set', to: room(dialogId) },
          xml('query', { xmlns: `${MUC}#admin` }, xml('item', { jid: chiara.jid, affiliation: 'admin' })),
        ),
      );
      expect(await ours.muc.join(dialogId)).toEqual({ dialogId });
      const joined = nextEvent(ours, 'muc', 'joinOccupant', (e) => e.userId === clara.chatId);
      await peerJoins(guest, dialogId, clara.chatId);
      await joined;
      const gone = nextStanza(
        guest,
        (s) =>
          s.is('presence') &&
          s.attrs.type === 'unavailable' &&
          s
            .getChild('x', `${MUC}#user`)
            ?.getChildren('status')
            .some((c) => c.attrs.code === '307') === true,
      );
      await ours.muc.kick(dialogId, clara.chatId, 'consultation over');
      await gone;
      await ours.muc.leave(dialogId);
      expect(ours.joinedRooms).toEqual([]);
    });
  });

  describe('a room of no dialog', () => {
    it('is not created by a join: refused with code 500, the MUC x echoed (what the SDK waits for)', async () => {
      const refused = await ours.muc.join(`no-dialog-${transport}`).catch((e: unknown) => e);
      expect(refused).toMatchObject({ code: 500, condition: 'item-not-found' });
      expect(ours.joinedRooms).toEqual([]);
      const peer = await onlinePeer(stack, 'emma', { presence: false });
      peers.push(peer);
      const answer = nextStanza(peer, (s) => s.is('presence') && s.attrs.type === 'error');
      await peer.send(
        xml(
          'presence',
          { to: `${room(`no-dialog-${transport}`)}/${member('emma').chatId}`, id: 'x:join' },
          xml('x', { xmlns: MUC }),
        ),
      );
      const error = await answer;
      expect(error.attrs.id).toBe('x:join');
      expect(error.getChild('x', MUC)).toBeDefined();
      expect(error.getChild('error')?.attrs.code).toBe('500');
    });
  });
});
