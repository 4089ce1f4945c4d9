/**
 * Messages between src/xmpp and @xmpp/client (code we did not write) through the real Prosody,
 * over both of our transports (wire §14): chat messages with the extraParams extension both
 * ways, the automatic delivered receipt for markable messages, read markers, typing, system and
 * module headlines (the carrier of WebRTC signalling), and bounced messages with their id.
 */
import { xml } from '@xmpp/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { member } from '../../fixtures';
import { extraList, isObjectId, type ChatClient } from '../../src/xmpp';
import {
  boshUrl,
  jidOf,
  nextEvent,
  nextStanza,
  onlinePeer,
  ourClient,
  wsUrl,
  type Peer,
} from '../support/chat-harness';
import { stopPeer } from '../support/xmpp-peer';

const stack = inject('stack');
const MARKERS = 'urn:xmpp:chat-markers:0';

describe.each([
  { transport: 'websocket', ours: 'clara', theirs: 'ava' },
  { transport: 'bosh', ours: 'daniela', theirs: 'bianca' },
])('messages over $transport', ({ transport, ours: oursKey, theirs }) => {
  let ours: ChatClient;
  let peer: Peer;
  const me = member(oursKey);
  const them = member(theirs);

  beforeAll(async () => {
    peer = await onlinePeer(stack, theirs);
    ours = await ourClient(
      stack,
      { member: oursKey },
      { service: transport === 'bosh' ? boshUrl(stack) : wsUrl(stack) },
    );
    expect(ours.transport).toBe(transport);
  });

  afterAll(async () => {
    await ours?.disconnect();
    if (peer) await stopPeer(peer);
  });

  it('sends a chat message with nested extraParams and attachments the peer can read', async () => {
    const arrived = nextStanza(peer, (s) => s.is('message') && s.getChildText('body') === 'Results are in');
    const id = ours.send(them.chatId, {
      body: 'Results are in',
      markable: true,
      extension: {
        save_to_history: 1,
        dialog_id: 'dlg-results',
        report: { cycle: 3, clinic: { name: 'North' } },
        attachments: [{ id: 'blob-1', type: 'image', name: 'scan.png', size: 2048, uid: 'u1' }],
      },
    });
    const stanza = await arrived;
    expect(isObjectId(id)).toBe(true);
    expect(stanza.attrs).toMatchObject({ id, type: 'chat', to: jidOf(stack, them.chatId) });
    expect(stanza.attrs.from.startsWith(`${me.jid}/`)).toBe(true);
    expect(stanza.getChild('markable', MARKERS)).toBeDefined();
    const extra = stanza.getChild('extraParams', 'jabber:client')!;
    expect(extra.getChildText('save_to_history')).toBe('1');
    expect(extra.getChildText('dialog_id')).toBe('dlg-results');
    expect(extra.getChild('report')?.getChild('clinic')?.getChildText('name')).toBe('North');
    expect(extra.getChild('attachment')?.attrs).toMatchObject({
      id: 'blob-1',
      type: 'image',
      size: '2048',
      uid: 'u1',
    });

    // The peer marks it delivered and read; we hear both with the dialog.
    const delivered = nextEvent(ours, 'markers', 'delivered', (e) => e.messageId === id);
    const read = nextEvent(ours, 'markers', 'read', (e) => e.messageId === id);
    for (const kind of ['received', 'displayed']) {
      await peer.send(
        xml(
          'message',
          { to: me.jid, type: 'chat', id: `${kind}-${id}` },
          xml(kind, { xmlns: MARKERS, id }),
          xml('extraParams', { xmlns: 'jabber:client' }, xml('dialog_id', {}, 'dlg-results')),
        ),
      );
    }
    expect(await delivered).toEqual({
      messageId: id,
      dialogId: 'dlg-results',
      userId: them.chatId,
      carbon: null,
    });
    expect(await read).toMatchObject({ messageId: id, userId: them.chatId });
  });

  it('receives a markable message with extraParams and answers it with a delivered marker', async () => {
    const long = 'x'.repeat(10_000);
    const got = nextEvent(ours, 'messages', 'message', (m) => m.id === `in-${transport}`);
    const receipt = nextStanza(peer, (s) => s.is('message') && s.getChild('received', MARKERS) !== undefined);
    await peer.send(
      xml(
        'message',
        { to: me.jid, type: 'chat', id: `in-${transport}` },
        xml('body', {}, 'How was the scan?'),
        xml('markable', { xmlns: MARKERS }),
        xml(
          'extraParams',
          { xmlns: 'jabber:client' },
          xml('dialog_id', {}, 'dlg-1'),
          xml('save_to_history', {}, '1'),
          xml('notes', {}, long),
          xml('vitals', {}, xml('temp', {}, '36.6'), xml('pulse', {}, '70')),
          xml('attachment', { id: 'a1', type: 'file', size: '99' }),
        ),
      ),
    );
    const message = await got;
    expect(message).toMatchObject({
      type: 'chat',
      userId: them.chatId,
      dialogId: 'dlg-1',
      body: 'How was the scan?',
      markable: true,
      carbon: null,
      extension: {
        dialog_id: 'dlg-1',
        save_to_history: '1',
        notes: long,
        vitals: { temp: '36.6', pulse: '70' },
        attachments: [{ id: 'a1', type: 'file', size: 99 }],
      },
    });
    const marker = await receipt;
    expect(marker.attrs.type).toBe('chat');
    expect(marker.getChild('received', MARKERS)?.attrs.id).toBe(`in-${transport}`);
    expect(marker.getChild('extraParams', 'jabber:client')?.getChildText('dialog_id')).toBe('dlg-1');

    // Our read marker reaches the peer.
    const readAtPeer = nextStanza(peer, (s) => s.getChild('displayed', MARKERS) !== undefined);
    ours.sendReadStatus({ messageId: message.id, userId: them.chatId, dialogId: 'dlg-1' });
    expect((await readAtPeer).getChild('displayed', MARKERS)?.attrs.id).toBe(`in-${transport}`);
  });

  it('carries typing both ways', async () => {
    const atPeer = nextStanza(
      peer,
      (s) => s.getChild('composing', 'http://jabber.org/protocol/chatstates') !== undefined,
    );
    ours.sendIsTypingStatus(them.chatId);
    expect((await atPeer).attrs.type).toBe('chat');
    const pausedAtPeer = nextStanza(
      peer,
      (s) => s.getChild('paused', 'http://jabber.org/protocol/chatstates') !== undefined,
    );
    ours.sendIsStopTypingStatus(them.chatId);
    await pausedAtPeer;

    const composing = nextEvent(ours, 'chatStates', 'typing', (e) => e.composing);
    await peer.send(
      xml(
        'message',
        { to: me.jid, type: 'chat' },
        xml('composing', { xmlns: 'http://jabber.org/protocol/chatstates' }),
      ),
    );
    expect(await composing).toEqual({ composing: true, userId: them.chatId, dialogId: null });
    const paused = nextEvent(ours, 'chatStates', 'typing', (e) => !e.composing);
    await peer.send(
      xml(
        'message',
        { to: me.jid, type: 'chat' },
        xml('paused', { xmlns: 'http://jabber.org/protocol/chatstates' }),
      ),
    );
    expect(await paused).toEqual({ composing: false, userId: them.chatId, dialogId: null });
  });

  it('sends and receives system messages and module headlines (call signalling)', async () => {
    const system = nextStanza(
      peer,
      (s) => s.attrs.type === 'headline' && s.getChildText('body') === 'Appointment moved',
    );
    const systemId = ours.sendSystemMessage(them.chatId, {
      body: 'Appointment moved',
      extension: { appointment_id: '77' },
    });
    const systemStanza = await system;
    expect(systemStanza.attrs.id).toBe(systemId);
    expect(systemStanza.getChild('extraParams', 'jabber:client')?.getChildText('moduleIdentifier')).toBe(
      'SystemNotifications',
    );

    const signal = nextStanza(
      peer,
      (s) => s.attrs.type === 'headline' && s.getChild('extraParams')?.getChildText('signalType') === 'call',
    );
    ours.sendModuleMessage(them.chatId, 'WebRTCVideoChat', {
      extension: {
        signalType: 'call',
        sessionID: 'session-1',
        callType: 1,
        callerID: me.chatId,
        opponentsIDs: extraList('opponentID', [them.chatId]),
        sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1',
        platform: 'web',
        userInfo: { bandwidth: 0 },
      },
    });
    const extra = (await signal).getChild('extraParams', 'jabber:client')!;
    expect(extra.getChildText('moduleIdentifier')).toBe('WebRTCVideoChat');
    expect(extra.getChild('opponentsIDs')?.getChildText('opponentID')).toBe(String(them.chatId));
    // XML end-of-line handling turns CRLF into LF on the way (XML 1.0 §2.11); SDP parsers accept LF.
    expect(extra.getChildText('sdp')).toBe('v=0\no=- 1 2 IN IP4 127.0.0.1');

    const systemIn = nextEvent(ours, 'systemMessages', 'systemMessage');
    const moduleIn = nextEvent(
      ours,
      'systemMessages',
      'moduleMessage',
      (m) => m.moduleIdentifier === 'WebRTCVideoChat',
    );
    await peer.send(
      xml(
        'message',
        { to: me.jid, type: 'headline', id: 'sys-1' },
        xml('body', {}, 'Report ready'),
        xml(
          'extraParams',
          { xmlns: 'jabber:client' },
          xml('moduleIdentifier', {}, 'SystemNotifications'),
          xml('report_id', {}, '5'),
        ),
      ),
    );
    await peer.send(
      xml(
        'message',
        { to: me.jid, type: 'headline', id: 'sig-1' },
        xml(
          'extraParams',
          { xmlns: 'jabber:client' },
          xml('moduleIdentifier', {}, 'WebRTCVideoChat'),
          xml('signalType', {}, 'accept'),
          xml('sessionID', {}, 'session-1'),
        ),
      ),
    );
    expect(await systemIn).toEqual({
      id: 'sys-1',
      userId: them.chatId,
      body: 'Report ready',
      extension: { report_id: '5' },
    });
    expect(await moduleIn).toMatchObject({
      id: 'sig-1',
      userId: them.chatId,
      delayed: false,
      extension: { signalType: 'accept', sessionID: 'session-1' },
    });
  });

  it('passes a bounced message to the error listener with its id', async () => {
    const bounced = nextEvent(ours, 'messages', 'error');
    const id = ours.send(`${stack.appId}_never-joined-${transport}@muc.${stack.chatDomain}`, {
      body: 'hello room?',
    });
    const event = await bounced;
    expect(event.id).toBe(id);
    expect(event.error.name).toBe('StanzaError');
    expect(event.error.condition).toBeTruthy();
  });
});
