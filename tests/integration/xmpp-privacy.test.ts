/**
 * Privacy lists (XEP-0016, wire §18) and blocking (XEP-0191) on the real Prosody, over both of
 * our transports: a mutual block stops messages both ways — ours to the peer bounce to our error
 * listener with the id, the peer's never reach us — and lifting it lets them through again.
 * Non-delivery is shown by order, not by waiting: the blocked message was routed before the
 * block was lifted, a later one arrives, the blocked one never did.
 */
import { xml } from '@xmpp/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { member, provider } from '../../fixtures';
import type { ChatClient, ChatMessage } from '../../src/xmpp';
import {
  boshUrl,
  nextEvent,
  nextStanza,
  onlinePeer,
  ourClient,
  wsUrl,
  type Peer,
} from '../support/chat-harness';
import { stopPeer } from '../support/xmpp-peer';

const stack = inject('stack');
const dana = provider('dana');
const ava = member('ava');

describe.each(['websocket', 'bosh'] as const)('privacy and blocking over %s', (transport) => {
  let ours: ChatClient;
  let peer: Peer;
  const received: ChatMessage[] = [];

  beforeAll(async () => {
    ours = await ourClient(
      stack,
      { provider: 'dana' },
      { service: transport === 'bosh' ? boshUrl(stack) : wsUrl(stack) },
    );
    expect(ours.transport).toBe(transport);
    ours.messages.on('message', (m) => received.push(m));
    peer = await onlinePeer(stack, 'ava');
  });

  afterAll(async () => {
    await ours?.disconnect();
    if (peer) await stopPeer(peer);
  });

  const fromPeer = async (id: string) =>
    peer.send(xml('message', { to: dana.jid, type: 'chat', id }, xml('body', {}, id)));

  describe('privacy lists', () => {
    it('creates a list with a mutual block, makes it default and active, and reads it back', async () => {
      await ours.privacy.create({
        name: 'blockedusers',
        items: [
          { user_id: ava.chatId, action: 'deny', mutualBlock: true },
          { user_id: member('bianca').chatId, action: 'allow' },
        ],
      });
      await ours.privacy.setAsDefault('blockedusers');
      expect(await ours.privacy.getNames()).toEqual({
        default: 'blockedusers',
        active: 'blockedusers',
        names: ['blockedusers'],
      });
      expect(await ours.privacy.getList('blockedusers')).toEqual({
        name: 'blockedusers',
        items: [
          { user_id: ava.chatId, action: 'deny', mutualBlock: true },
          { user_id: member('bianca').chatId, action: 'allow' },
        ],
      });
    });

    it('stops delivery both ways while the mutual block holds', async () => {
      const bounced = nextEvent(ours, 'messages', 'error');
      const id = ours.send(ava.chatId, { body: 'blocked outgoing' });
      const error = await bounced;
      expect(error.id).toBe(id);
      expect(error.error.condition).toBeTruthy();

      const peerError = nextStanza(
        peer,
        (s) => s.is('message') && s.attrs.type === 'error' && s.attrs.id === `blocked-in-${transport}`,
      );
      await fromPeer(`blocked-in-${transport}`);
      await peerError;
    });

    it('lets messages through again once the list is declined and deleted', async () => {
      await ours.privacy.setAsDefault(null);
      await ours.privacy.delete('blockedusers');
      expect((await ours.privacy.getNames()).names).toEqual([]);
      const arrives = nextEvent(ours, 'messages', 'message', (m) => m.id === `after-unblock-${transport}`);
      await fromPeer(`after-unblock-${transport}`);
      await arrives;
      expect(received.map((m) => m.id)).not.toContain(`blocked-in-${transport}`);
      const atPeer = nextStanza(peer, (s) => s.is('message') && s.getChildText('body') === 'open again');
      ours.send(ava.chatId, { body: 'open again' });
      await atPeer;
    });

    it('updates a list by merging items per user', async () => {
      await ours.privacy.create({ name: 'merge', items: [{ user_id: ava.chatId, action: 'deny' }] });
      await ours.privacy.update({
        name: 'merge',
        items: [
          { user_id: ava.chatId, action: 'allow' },
          { user_id: member('clara').chatId, action: 'deny' },
        ],
      });
      expect((await ours.privacy.getList('merge')).items).toEqual([
        { user_id: ava.chatId, action: 'allow' },
        { user_id: member('clara').chatId, action: 'deny' },
      ]);
      await ours.privacy.delete('merge');
    });
  });

  describe('blocking command', () => {
    it('blocks a user, whose messages then never arrive, and unblocks them', async () => {
      await ours.blocking.block([ava.chatId]);
      expect(await ours.blocking.list()).toEqual([ava.chatId]);
      await fromPeer(`while-blocked-${transport}`);
      // Prosody handles one stream's stanzas in order: once this ping is answered, the message
      // before it has been routed (or dropped).
      await peer.iqCaller.request(
        xml('iq', { type: 'get', to: stack.chatDomain }, xml('ping', { xmlns: 'urn:xmpp:ping' })),
      );
      await ours.blocking.unblock([ava.chatId]);
      expect(await ours.blocking.list()).toEqual([]);
      const arrives = nextEvent(ours, 'messages', 'message', (m) => m.id === `after-block-${transport}`);
      await fromPeer(`after-block-${transport}`);
      await arrives;
      expect(received.map((m) => m.id)).not.toContain(`while-blocked-${transport}`);
    });
  });
});
