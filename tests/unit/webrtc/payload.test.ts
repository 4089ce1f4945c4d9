/**
 * Call signal payloads against the examples of wire §20.1–§20.2: the exact `<extraParams/>` of a
 * `call`, the lists (`opponentsIDs` with one or many, `iceCandidates` as strings), `userInfo`
 * nested and dropped when empty, null → "", `update` keys at the top level with
 * `sessionDescription` nested, and decoding of received signals.
 */
import { describe, expect, it } from 'vitest';
import { CallType, decodeSignal, encodeSignal, SignalType, WEBRTC_MODULE } from '../../../src/webrtc';
import { decodeList, encodeExtraParams } from '../../../src/xmpp';
import { parseXml } from '../../../src/xmpp/testing';

const wire = (signal: Parameters<typeof encodeSignal>[0]) =>
  encodeExtraParams(encodeSignal(signal), WEBRTC_MODULE);

describe('encoding (wire §20.1–§20.2)', () => {
  it('writes a call exactly as the §20.1 example, keys in its order', () => {
    const element = wire({
      signalType: SignalType.CALL,
      sessionId: 'f3a1c2d4-0b1e-4c2a-9f00-1234567890ab',
      callType: CallType.VIDEO,
      callerId: 11,
      opponentIds: [22, 33],
      sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1',
      userInfo: { bandwidth: 0, anyKey: 'v' },
    });
    expect(element.toString()).toBe(
      '<extraParams xmlns="jabber:client">' +
        '<moduleIdentifier>WebRTCVideoChat</moduleIdentifier>' +
        '<signalType>call</signalType>' +
        '<sessionID>f3a1c2d4-0b1e-4c2a-9f00-1234567890ab</sessionID>' +
        '<callType>1</callType>' +
        '<callerID>11</callerID>' +
        '<opponentsIDs><opponentID>22</opponentID><opponentID>33</opponentID></opponentsIDs>' +
        '<sdp>v=0\r\no=- 1 2 IN IP4 127.0.0.1</sdp>' +
        '<platform>web</platform>' +
        '<userInfo><bandwidth>0</bandwidth><anyKey>v</anyKey></userInfo>' +
        '</extraParams>',
    );
  });

  it('drops an empty userInfo and turns null into ""', () => {
    const base = { sessionId: 's', callType: CallType.AUDIO, callerId: 1, opponentIds: [2] };
    expect(wire({ ...base, signalType: SignalType.REJECT, userInfo: {} }).child('userInfo')).toBeUndefined();
    expect(wire({ ...base, signalType: SignalType.STOP }).child('userInfo')).toBeUndefined();
    const info = wire({ ...base, signalType: SignalType.STOP, userInfo: { note: null, kept: 'x' } }).child(
      'userInfo',
    )!;
    expect(info.toString()).toBe('<userInfo><note></note><kept>x</kept></userInfo>');
  });

  it('writes candidates as iceCandidate items of strings', () => {
    const element = wire({
      signalType: SignalType.CANDIDATE,
      sessionId: 's',
      callType: CallType.VIDEO,
      callerId: 1,
      opponentIds: [2],
      iceCandidates: [
        { candidate: 'candidate:1 1 udp 2122260223 10.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 },
        { candidate: 'candidate:2 1 udp 1 10.0.0.2 5001 typ host', sdpMid: null, sdpMLineIndex: 1 },
      ],
    });
    expect(element.child('iceCandidates')!.toString()).toBe(
      '<iceCandidates>' +
        '<iceCandidate><candidate>candidate:1 1 udp 2122260223 10.0.0.1 5000 typ host</candidate><sdpMid>0</sdpMid><sdpMLineIndex>0</sdpMLineIndex></iceCandidate>' +
        '<iceCandidate><candidate>candidate:2 1 udp 1 10.0.0.2 5001 typ host</candidate><sdpMid></sdpMid><sdpMLineIndex>1</sdpMLineIndex></iceCandidate>' +
        '</iceCandidates>',
    );
  });

  it('puts the keys of an update at the top level, sessionDescription nested (§20.2, §20.7)', () => {
    const element = wire({
      signalType: SignalType.PARAMETERS_CHANGED,
      sessionId: 's',
      callType: CallType.VIDEO,
      callerId: 1,
      opponentIds: [2],
      reason: 'reconnect',
      sessionDescription: { offerId: 'o-1', sdp: 'v=0', type: 'offer' },
      userInfo: { muted: true },
    });
    expect(element.child('userInfo')).toBeUndefined();
    expect(element.childText('reason')).toBe('reconnect');
    expect(element.childText('muted')).toBe('true');
    expect(element.child('sessionDescription')!.toString()).toBe(
      '<sessionDescription><offerId>o-1</offerId><sdp>v=0</sdp><type>offer</type></sessionDescription>',
    );
  });
});

describe('decoding (wire §20.1)', () => {
  it('reads the §20.1 example: ids as numbers, userInfo as an object of strings', () => {
    const signal = decodeSignal(
      parseXml(
        '<extraParams xmlns="jabber:client"><moduleIdentifier>WebRTCVideoChat</moduleIdentifier>' +
          '<signalType>call</signalType><sessionID>u-1</sessionID><callType>1</callType><callerID>11</callerID>' +
          '<opponentsIDs><opponentID>22</opponentID><opponentID>33</opponentID></opponentsIDs>' +
          '<sdp>v=0 …</sdp><platform>web</platform><userInfo><bandwidth>0</bandwidth><anyKey>v</anyKey></userInfo>' +
          '</extraParams>',
      ),
    );
    expect(signal).toEqual({
      signalType: 'call',
      sessionId: 'u-1',
      callType: 1,
      callerId: 11,
      opponentIds: [22, 33],
      sdp: 'v=0 …',
      userInfo: { bandwidth: '0', anyKey: 'v' },
    });
  });

  it('reads one opponent and one candidate as lists, candidate fields as strings', () => {
    const signal = decodeSignal(
      parseXml(
        '<extraParams xmlns="jabber:client"><moduleIdentifier>WebRTCVideoChat</moduleIdentifier>' +
          '<signalType>iceCandidates</signalType><sessionID>u-1</sessionID><callType>2</callType><callerID>11</callerID>' +
          '<opponentsIDs><opponentID>22</opponentID></opponentsIDs>' +
          '<iceCandidates><iceCandidate><candidate>candidate:1 1 udp 1 10.0.0.1 5000 typ host</candidate>' +
          '<sdpMid>0</sdpMid><sdpMLineIndex>0</sdpMLineIndex></iceCandidate></iceCandidates>' +
          '<platform>web</platform></extraParams>',
      ),
    );
    expect(signal).toMatchObject({
      signalType: 'iceCandidates',
      callType: 2,
      opponentIds: [22],
      userInfo: {},
      iceCandidates: [
        { candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: '0' },
      ],
    });
  });

  it('reads an update: reason, sessionDescription and the top-level keys as its userInfo', () => {
    const signal = decodeSignal(
      parseXml(
        '<extraParams xmlns="jabber:client"><signalType>update</signalType><sessionID>u-1</sessionID>' +
          '<callType>1</callType><callerID>11</callerID><opponentsIDs><opponentID>22</opponentID></opponentsIDs>' +
          '<platform>web</platform><reason>reconnect</reason>' +
          '<sessionDescription><offerId>o-9</offerId><sdp>v=0</sdp><type>answer</type></sessionDescription>' +
          '<muted>1</muted></extraParams>',
      ),
    );
    expect(signal).toMatchObject({
      reason: 'reconnect',
      sessionDescription: { offerId: 'o-9', sdp: 'v=0', type: 'answer' },
      userInfo: { muted: '1' },
    });
  });

  it('round-trips every signal type through encoding', () => {
    for (const signalType of Object.values(SignalType)) {
      const sent = {
        signalType,
        sessionId: 'r',
        callType: CallType.AUDIO,
        callerId: 5,
        opponentIds: [6],
        userInfo: { a: 'b' },
      };
      expect(decodeSignal(parseXml(wire(sent).toString()))).toMatchObject({ ...sent, userInfo: { a: 'b' } });
    }
  });

  it('ignores extraParams that are not a call signal', () => {
    expect(
      decodeSignal(
        parseXml(
          '<extraParams xmlns="jabber:client"><signalType>dance</signalType><sessionID>s</sessionID></extraParams>',
        ),
      ),
    ).toBeNull();
    expect(
      decodeSignal(
        parseXml('<extraParams xmlns="jabber:client"><signalType>call</signalType></extraParams>'),
      ),
    ).toBeNull();
  });
});

describe('decodeList (src/xmpp, wire §20.1)', () => {
  it('reads one item and many items alike, and nothing when absent', () => {
    const one = parseXml('<opponentsIDs><opponentID>22</opponentID></opponentsIDs>');
    const many = parseXml(
      '<opponentsIDs><opponentID>22</opponentID><opponentID>33</opponentID></opponentsIDs>',
    );
    expect(decodeList(one, 'opponentID')).toEqual(['22']);
    expect(decodeList(many, 'opponentID')).toEqual(['22', '33']);
    expect(decodeList(undefined, 'opponentID')).toEqual([]);
    const candidates = parseXml(
      '<iceCandidates><iceCandidate><candidate>c</candidate><sdpMid>0</sdpMid></iceCandidate></iceCandidates>',
    );
    expect(decodeList(candidates, 'iceCandidate')).toEqual([{ candidate: 'c', sdpMid: '0' }]);
  });
});
