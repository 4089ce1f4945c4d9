/**
 * Reconnecting on the real Prosody (spec §4, wire §13.4; docs/lessons.md §6–7): after a cut socket
 * the client logs in again, re-sends presence, re-joins its rooms exactly once and fires the
 * reconnect callback — without stream management, after a failed resumption (which also
 * re-sends held messages without their stale `from`), and over BOSH on request. An expired
 * session token stops it.
 */
import { xml } from '@xmpp/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { member, provider } from '../../fixtures';
import type { ChatClient } from '../../src/xmpp';
import {
  boshUrl,
  collect,
  nextEvent,
  nextStanza,
  onlinePeer,
  ourClient,
  until,
  type Peer,
} from '../support/chat-harness';
import { startWsProxy, type WsProxy } from '../support/ws-proxy';
import { qbClient } from '../support/qb';
import { stopPeer } from '../support/xmpp-peer';

const stack = inject('stack');
const qb = qbClient(stack.url);
const MUC = 'http://jabber.org/protocol/muc';
const ava = member('ava');
const room = (dialogId: string) => `${stack.appId}_${dialogId}@muc.${stack.chatDomain}`;
const open: ChatClient[] = [];
let owner: Peer;
let proxy: WsProxy;

/**
 * A group dialog of Ava's with one more occupant (the server makes its room, wire §5.1); Ava, the
 * owner, joins it before anyone else. Answers the dialog id.
 */
async function createRoom(name: string, occupant: number): Promise<string> {
  const created = await qb.call('POST', '/chat/Dialog.json', {
    token: await qb.memberSession('ava'),
    form: { type: 2, name, occupants_ids: String(occupant) },
  });
  if (created.status !== 201) throw new Error(`dialog ${name}: ${created.status} ${created.text}`);
  const dialogId = created.body._id as string;
  const self = nextStanza(
    owner,
    (s) => s.is('presence') && s.attrs.from === `${room(dialogId)}/${ava.chatId}`,
  );
  await owner.send(xml('presence', { to: `${room(dialogId)}/${ava.chatId}` }, xml('x', { xmlns: MUC })));
  await self;
  return dialogId;
}

/** Presences the owner sees from one occupant of a room, as 'available' / 'unavailable'. */
function occupantPresences(dialogId: string, nick: number): string[] {
  const seen: string[] = [];
  owner.on('stanza', (s) => {
    if (s.is('presence') && s.attrs.from === `${room(dialogId)}/${nick}`)
      seen.push(s.attrs.type ?? 'available');
  });
  return seen;
}

/**
 * Joins, and waits until the owner has seen that first occupant presence (it may reach the owner
 * after our join has resolved): the list then holds only what comes after.
 */
async function joinedAndSeen(ours: ChatClient, dialogId: string, nick: number): Promise<string[]> {
  const presences = occupantPresences(dialogId, nick);
  await ours.muc.join(dialogId);
  await until(() => presences.includes('available'), 'our first occupant presence');
  presences.length = 0;
  return presences;
}

beforeAll(async () => {
  owner = await onlinePeer(stack, 'ava');
});

// One proxy per test: cutting it touches only that test's client.
beforeEach(async () => {
  proxy = await startWsProxy(`ws://127.0.0.1:${stack.port}/xmpp-websocket`);
});

afterEach(async () => {
  await proxy.close();
});

afterAll(async () => {
  await Promise.all(open.map((c) => c.disconnect()));
  if (owner) await stopPeer(owner);
});

describe('reconnecting', () => {
  it('without stream management: logs in again, presence and room back, reconnect fired', async () => {
    const amelia = provider('amelia');
    const dialogId = await createRoom('rc-plain', amelia.chatId);
    const ours = await ourClient(
      stack,
      { provider: 'amelia' },
      { service: proxy.url, streamManagement: false },
    );
    open.push(ours);
    const presences = await joinedAndSeen(ours, dialogId, amelia.chatId);
    const offline = nextEvent(ours, 'session', 'disconnected');
    const back = nextEvent(ours, 'client', 'reconnect');
    proxy.cut();
    expect(await offline).toMatchObject({ intentional: false, willReconnect: true });
    await back;
    expect(ours.isConnected).toBe(true);
    expect(ours.joinedRooms).toEqual([room(dialogId)]);
    await until(() => presences.includes('available'), 'our occupant presence again');
    expect(presences.filter((p) => p === 'available')).toHaveLength(1);
    // Presence was re-sent: a message to our bare JID is delivered live, not stored.
    const live = nextEvent(ours, 'messages', 'message', (m) => m.body === 'welcome back');
    await owner.send(xml('message', { to: amelia.jid, type: 'chat' }, xml('body', {}, 'welcome back')));
    expect((await live).delay).toBeNull();
    // And the room delivers to us again.
    const inRoom = nextEvent(ours, 'messages', 'message', (m) => m.body === 'room again');
    await owner.send(
      xml('message', { to: room(dialogId), type: 'groupchat' }, xml('body', {}, 'room again')),
    );
    await inRoom;
  });

  it('after a failed resumption: fresh login, room re-joined once, held message re-sent once without stale from', async () => {
    const clara = member('clara');
    const dialogId = await createRoom('rc-failed', clara.chatId);
    const ours = await ourClient(stack, { member: 'clara' }, { service: proxy.url });
    open.push(ours);
    const presences = await joinedAndSeen(ours, dialogId, clara.chatId);
    const atOwner = collect(owner);
    const firstJid = ours.jid;
    const events: string[] = [];
    ours.session.on('resumeFailed', (e) => events.push(`resumeFailed ${e.condition}`));
    ours.on('reconnect', () => events.push('reconnect'));
    // The server will not find the session we ask for.
    proxy.clientToServer = (frame) =>
      frame.includes('<resume') ? frame.replace(/previd="[^"]+"/, 'previd="gone"') : frame;
    const offline = nextEvent(ours, 'session', 'disconnected');
    const back = nextEvent(ours, 'client', 'reconnect');
    proxy.cut();
    // Sent as soon as the drop is noticed: the client holds it whether it is still to try the
    // resumption or already logging in afresh (the fresh login can be quicker than any polling).
    await offline;
    const heldId = ours.send(ava.chatId, { body: 'written while offline' });
    await back;
    proxy.clientToServer = (frame) => frame;
    expect(events).toEqual(['resumeFailed item-not-found', 'reconnect']);
    expect(ours.jid).not.toBe('');
    expect(ours.joinedRooms).toEqual([room(dialogId)]);
    await until(() => presences.includes('available'), 'our occupant presence again');

    const later = nextStanza(
      owner,
      (s) => s.is('message') && s.getChildText('body') === 'after the held one',
    );
    ours.send(ava.chatId, { body: 'after the held one' });
    await later;
    const held = atOwner.filter((s) => s.is('message') && s.attrs.id === heldId);
    expect(held).toHaveLength(1);
    expect(held[0]!.attrs.from).toBe(ours.jid);
    expect(presences.filter((p) => p === 'available')).toHaveLength(1);
    expect(firstJid.split('/')[0]).toBe(clara.jid);
  });

  it('over BOSH when asked to reconnect: room re-joined once and reconnect fired', async () => {
    const bianca = member('bianca');
    const dialogId = await createRoom('rc-bosh', bianca.chatId);
    const ours = await ourClient(stack, { member: 'bianca' }, { service: boshUrl(stack) });
    open.push(ours);
    await ours.muc.join(dialogId);
    const presences = occupantPresences(dialogId, bianca.chatId);
    const back = nextEvent(ours, 'client', 'reconnect');
    ours.reconnect();
    await back;
    await until(() => presences.includes('available'), 'our occupant presence again');
    expect(presences).toEqual(['unavailable', 'available']);
    expect(ours.joinedRooms).toEqual([room(dialogId)]);
  });

  it('stops reconnecting once the session token has expired', async () => {
    let expired = false;
    const ours = await ourClient(
      stack,
      { member: 'daniela' },
      { service: proxy.url, streamManagement: false, isSessionExpired: () => expired },
    );
    open.push(ours);
    const before = proxy.connections;
    const stopped = nextEvent(ours, 'session', 'sessionExpired');
    expired = true;
    proxy.cut();
    await stopped;
    expect(ours.state).toBe('disconnected');
    expect(proxy.connections).toBe(before);
  });
});
