/** Issue 14: the console's decoders — stanzas, nonzas, call signals, STOMP frames, REST calls. */
import { describe, expect, it } from 'vitest';
import { encodeClientMessage, encodeServerMessage } from '../../../src/socket';
import {
  decodeBosh,
  decodeRest,
  decodeStomp,
  decodeXmpp,
  summariseSdp,
  type CallSignal,
} from '../../../src/trace';
import { xml } from '../../../src/xmpp';

const MESSAGE_ID = '5f1e2d3c4b5a69788796a5b4';
const DIALOG_ID = '6a0b1c2d3e4f5a6b7c8d9e0f';
const frame = (head: string, body: Uint8Array) => {
  const text = new TextEncoder().encode(`${head}\ncontent-length:${body.length}\n\n`);
  const out = new Uint8Array(text.length + body.length + 1);
  out.set(text);
  out.set(body, text.length);
  return out;
};

describe('decodeXmpp', () => {
  it('reads a chat message: kind, JIDs, dialog, ids, namespaces, body', () => {
    const message = xml(
      'message',
      { xmlns: 'jabber:client', to: '22-1001@localhost', type: 'chat', id: MESSAGE_ID },
      xml('body', {}, 'Hello there'),
      xml('markable', { xmlns: 'urn:xmpp:chat-markers:0' }),
      xml('extraParams', {}, xml('save_to_history', {}, '1'), xml('dialog_id', {}, DIALOG_ID)),
    );
    const entry = decodeXmpp(message, 'member ava · chat', 'out', 1000);
    expect(entry).toMatchObject({
      channel: 'xmpp',
      kind: 'message/chat',
      direction: 'out',
      dialogId: DIALOG_ID,
      jids: ['22-1001@localhost'],
      namespaces: ['urn:xmpp:chat-markers:0'],
      size: new TextEncoder().encode(message.toString()).length,
    });
    expect(entry.ids).toEqual(expect.arrayContaining([MESSAGE_ID, DIALOG_ID]));
    expect(entry.summary).toContain('"Hello there"');
    expect(entry.raw).toContain('\n  <body>Hello there</body>');
  });

  it('follows a marker to the message it marks, and a room JID to its dialog', () => {
    const marker = xml(
      'message',
      { from: `1001_${DIALOG_ID}@muc.localhost/22`, type: 'groupchat', id: 'aaaa' },
      xml('displayed', { xmlns: 'urn:xmpp:chat-markers:0', id: MESSAGE_ID }),
    );
    const entry = decodeXmpp(marker, 'c', 'in', 0);
    expect(entry.ids).toContain(MESSAGE_ID);
    expect(entry.dialogId).toBe(DIALOG_ID);
    expect(entry.summary).toContain(`displayed ${MESSAGE_ID}`);
  });

  it('names stream-management nonzas and resumption (XEP-0198)', () => {
    const ns = 'urn:xmpp:sm:3';
    expect(decodeXmpp(xml('r', { xmlns: ns }), 'c', 'out', 0).kind).toBe('sm/r');
    const ack = decodeXmpp(xml('a', { xmlns: ns, h: 7 }), 'c', 'in', 0);
    expect([ack.kind, ack.summary]).toEqual(['sm/a', 'a h=7']);
    const resumed = decodeXmpp(xml('resumed', { xmlns: ns, h: 3, previd: 'abc' }), 'c', 'in', 0);
    expect(resumed.summary).toBe('resumed h=3 previd=abc');
    const failed = decodeXmpp(
      xml('failed', { xmlns: ns }, xml('item-not-found', { xmlns: 'urn:ietf:params:xml:ns:xmpp-stanzas' })),
      'c',
      'in',
      0,
    );
    expect(failed.error).toBe('item-not-found');
  });

  it('shows a stanza error: type, condition and text', () => {
    const error = xml(
      'iq',
      { type: 'error', id: 'x1' },
      xml(
        'error',
        { type: 'cancel' },
        xml('service-unavailable', { xmlns: 'urn:ietf:params:xml:ns:xmpp-stanzas' }),
        xml('text', { xmlns: 'urn:ietf:params:xml:ns:xmpp-stanzas' }, 'No such service'),
      ),
    );
    expect(decodeXmpp(error, 'c', 'in', 0).error).toBe('cancel · service-unavailable · No such service');
  });

  it('decodes a call signal (wire §20): session, type, callType, opponents, SDP codecs and candidates', () => {
    const sdp = [
      'v=0',
      'm=audio 9 UDP/TLS/RTP/SAVPF 111 0',
      'a=rtpmap:111 opus/48000/2',
      'a=rtpmap:0 PCMU/8000',
      'a=candidate:1 1 udp 2122260223 192.168.1.5 54321 typ host generation 0',
      'm=video 9 UDP/TLS/RTP/SAVPF 96 98',
      'a=rtpmap:96 VP8/90000',
      'a=rtpmap:98 VP9/90000',
    ].join('\r\n');
    const signal = xml(
      'message',
      { to: '33-1001@localhost', type: 'headline', id: 'c1' },
      xml(
        'extraParams',
        { xmlns: 'jabber:client' },
        xml('moduleIdentifier', {}, 'WebRTCVideoChat'),
        xml('signalType', {}, 'call'),
        xml('sessionID', {}, 'sess-1'),
        xml('callType', {}, '1'),
        xml('callerID', {}, '22'),
        xml('opponentsIDs', {}, xml('opponentID', {}, '33')),
        xml('sdp', {}, sdp),
        xml('platform', {}, 'web'),
        xml('userInfo', {}, xml('bandwidth', {}, '0')),
      ),
    );
    const entry = decodeXmpp(signal, 'c', 'out', 0);
    expect(entry.kind).toBe('call/call');
    const decoded = entry.decoded as CallSignal;
    expect(decoded).toMatchObject({
      signalType: 'call',
      sessionID: 'sess-1',
      callType: 'video',
      callerID: '22',
      opponentsIDs: [33],
      userInfo: { bandwidth: '0' },
    });
    expect(decoded.sdp!.media).toEqual([
      { kind: 'audio', codecs: ['opus', 'PCMU'] },
      { kind: 'video', codecs: ['VP8', 'VP9'] },
    ]);
    expect(decoded.sdp!.candidates).toEqual([
      { protocol: 'udp', address: '192.168.1.5', port: '54321', type: 'host' },
    ]);
    expect(entry.summary).toContain('audio: opus, PCMU');
    expect(entry.ids).toContain('sess-1');
  });

  it('decodes trickled candidates of an iceCandidates signal', () => {
    const signal = xml(
      'extraParams',
      {},
      xml('moduleIdentifier', {}, 'WebRTCVideoChat'),
      xml('signalType', {}, 'iceCandidates'),
      xml('sessionID', {}, 's'),
      xml('callType', {}, '2'),
      xml(
        'iceCandidates',
        {},
        xml(
          'iceCandidate',
          {},
          xml('candidate', {}, 'candidate:2 1 tcp 1518280447 10.0.0.2 9 typ srflx raddr 0.0.0.0 rport 0'),
          xml('sdpMid', {}, '0'),
          xml('sdpMLineIndex', {}, '0'),
        ),
      ),
    );
    const entry = decodeXmpp(xml('message', { type: 'headline' }, signal), 'c', 'in', 0);
    expect((entry.decoded as CallSignal).callType).toBe('audio');
    expect((entry.decoded as CallSignal).iceCandidates).toEqual([
      { protocol: 'tcp', address: '10.0.0.2', port: '9', type: 'srflx' },
    ]);
  });

  it('summarises an SDP without media as empty', () => {
    expect(summariseSdp('v=0')).toEqual({ media: [], candidates: [], iceRestart: false });
  });
});

describe('decodeStomp', () => {
  it('decodes a red-dot MESSAGE body through proto/ into JSON', () => {
    const body = encodeServerMessage({
      type: 3,
      messageId: 'm1',
      push: {
        type: 2,
        redDot: { key: 'root', count: 4, notificationId: 9, category: 'MESSAGE', body: 'Hi' },
      },
    });
    const entry = decodeStomp(
      frame('MESSAGE\ndestination:/queue/chat-private\nsubscription:1', body),
      'portal · socket',
      'in',
      0,
    );
    expect(entry.kind).toBe('stomp/MESSAGE');
    expect(entry.error).toBeUndefined();
    expect(entry.decoded).toMatchObject({
      command: 'MESSAGE',
      headers: { destination: '/queue/chat-private' },
      body: {
        type: 'PUSH',
        messageId: 'm1',
        push: { type: 'RED_DOT', redDot: { count: 4, category: 'MESSAGE' } },
      },
    });
    expect(entry.summary).toContain('red dot root = 4 (MESSAGE)');
  });

  it('decodes a SEND of a user chat, and reports a body that is not the schema', () => {
    const body = encodeClientMessage({
      type: 1,
      userChat: { clientMsgId: 'c-1', receiverChatId: 22, items: [{ text: { text: 'hey' } }] },
    });
    const send = decodeStomp(frame('SEND\ndestination:/app/chat-private', body), 'p', 'out', 0);
    expect(send.decoded).toMatchObject({ body: { userChat: { clientMsgId: 'c-1', receiverChatId: 22 } } });
    expect(send.summary).toContain('me → 22');
    const broken = decodeStomp(
      frame('MESSAGE\ndestination:/x', new Uint8Array([0xff, 0xff, 0xff])),
      'p',
      'in',
      0,
    );
    expect(broken.error).toMatch(/^Body not decodable/);
  });

  it('names heart-beats and ERROR frames', () => {
    expect(decodeStomp('\n', 'p', 'in', 0).kind).toBe('stomp/heart-beat');
    const error = decodeStomp('ERROR\nmessage:TOKEN_ERR_NOT_FOUND\n\n\0', 'p', 'in', 0);
    expect([error.kind, error.error]).toEqual(['stomp/ERROR', 'TOKEN_ERR_NOT_FOUND']);
  });
});

describe('decodeRest', () => {
  it('shows method, path, status, duration and the envelope code', () => {
    const entry = decodeRest(
      {
        service: 'api',
        method: 'POST',
        url: 'http://127.0.0.1:8080/api/user/user/sign/in/doctor',
        status: 400,
        durationMs: 12.4,
        responseBody: '{"code":"PASSWORD_ERROR","message":"Wrong","data":null}',
      },
      'c',
      0,
    );
    expect(entry.decoded).toEqual({
      service: 'api',
      method: 'POST',
      path: '/api/user/user/sign/in/doctor',
      status: 400,
      durationMs: 12,
      code: 'PASSWORD_ERROR',
    });
    expect(entry.summary).toBe('POST /api/user/user/sign/in/doctor → 400 PASSWORD_ERROR · 12 ms');
    expect(entry.error).toBe('PASSWORD_ERROR');
  });

  it("reads the chat service's {errors} shape and finds history ids", () => {
    const refused = decodeRest(
      {
        service: 'chat-service',
        method: 'GET',
        url: '/qb/users.json',
        status: 401,
        durationMs: 3,
        responseBody: '{"errors":["Token is required"]}',
      },
      'c',
      0,
    );
    expect(refused.error).toBe('Token is required');
    const history = decodeRest(
      {
        service: 'chat-service',
        method: 'GET',
        url: '/qb/chat/Message.json',
        status: 200,
        durationMs: 3,
        responseBody: `{"items":[{"_id":"${MESSAGE_ID}"}]}`,
      },
      'c',
      0,
    );
    expect(history.error).toBeUndefined();
    expect(history.ids).toContain(MESSAGE_ID);
  });
});

describe('decodeBosh', () => {
  it('shows the rid, status, duration and the stanzas each way; a terminate is an error', () => {
    const entry = decodeBosh(
      {
        url: 'http://127.0.0.1:8080/http-bind',
        status: 200,
        durationMs: 41.6,
        requestBody: "<body rid='1234' xmlns='http://jabber.org/protocol/httpbind'><message to='a'/></body>",
        responseBody:
          "<body xmlns='http://jabber.org/protocol/httpbind'><iq type='result'/><presence/></body>",
      },
      'member ava · bosh',
      0,
    );
    expect(entry.kind).toBe('bosh/POST');
    expect(entry.summary).toBe('POST /http-bind rid=1234 → 200 · 42 ms · 1 out, 2 in');
    expect(entry.error).toBeUndefined();
    const ended = decodeBosh(
      {
        url: '/http-bind',
        status: 200,
        durationMs: 1,
        requestBody: '<body rid="5"/>',
        responseBody: '<body type="terminate" condition="item-not-found"/>',
      },
      'c',
      0,
    );
    expect(ended.error).toBe('item-not-found');
  });
});
