/** The server's STOMP 1.2 frame reader and writer (src/server/socket/stomp-frames.ts). */
import { describe, expect, it } from 'vitest';
import { parseMessage, serializeFrame } from '../../src/server/socket/stomp-frames';
import { serverHeartBeatMs } from '../../src/server/config';
import { negotiate, parseHeartBeat } from '../../src/server/socket/heartbeat';

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);

describe('parseMessage', () => {
  it('reads frames, heart-beats, CRLF lines, escaped headers, first-wins repeats and binary bodies', () => {
    const body = new Uint8Array([1, 0, 2]);
    const head = bytes('SEND\r\ndestination:/a\\cb\ndestination:/ignored\ncontent-length:3\n\n');
    const data = new Uint8Array([...bytes('\n'), ...head, ...body, 0, ...bytes('\r\n\nDISCONNECT\n\n\0')]);
    const parsed = parseMessage(data);
    expect(parsed.error).toBeNull();
    expect(parsed.heartBeats).toBe(3);
    expect(parsed.frames.map((f) => f.command)).toEqual(['SEND', 'DISCONNECT']);
    expect(parsed.frames[0]!.headers.destination).toBe('/a:b');
    expect([...parsed.frames[0]!.body]).toEqual([1, 0, 2]);
  });

  it('does not unescape CONNECT headers (STOMP 1.2)', () => {
    const parsed = parseMessage(bytes('CONNECT\nauthToken:a\\cb\n\n\0'));
    expect(parsed.frames[0]!.headers.authToken).toBe('a\\cb');
  });

  it.each([
    ['no NULL', 'SEND\ndestination:/a\n\nbody'],
    ['content-length past the end', 'SEND\ncontent-length:10\n\nabc\0'],
    ['a lower-case command', 'send\n\n\0'],
    ['a header without a colon', 'SEND\nnocolon\n\n\0'],
    ['an undefined escape', 'SEND\nx:\\t\n\n\0'],
    ['headers without an empty line', 'SEND\nx:y'],
  ])('reports %s and keeps the frames before it', (_, raw) => {
    const parsed = parseMessage(bytes(`SUBSCRIBE\nid:1\n\n\0${raw}`));
    expect(parsed.frames.map((f) => f.command)).toEqual(['SUBSCRIBE']);
    expect(parsed.error).toEqual(expect.any(String));
  });
});

describe('serializeFrame', () => {
  it('escapes headers (not in CONNECTED), adds content-length and ends with NULL', () => {
    const frame = serializeFrame('MESSAGE', { destination: '/q:x\ny' }, new Uint8Array([7]));
    expect(text(frame.subarray(0, -2))).toBe('MESSAGE\ndestination:/q\\cx\\ny\ncontent-length:1\n\n');
    expect([...frame.subarray(-2)]).toEqual([7, 0]);
    expect(text(serializeFrame('CONNECTED', { server: 'a:b' }))).toBe(
      'CONNECTED\nserver:a:b\ncontent-length:0\n\n\0',
    );
    const round = parseMessage(frame);
    expect(round.frames[0]!.headers.destination).toBe('/q:x\ny');
  });
});

describe('heart-beat negotiation', () => {
  it('follows STOMP 1.2: max of both sides, 0 when either side is 0', () => {
    expect(negotiate([100_000, 100_000], [100_000, 100_000])).toEqual({
      sendEveryMs: 100_000,
      expectEveryMs: 100_000,
    });
    expect(negotiate([5_000, 0], [100_000, 100_000])).toEqual({ sendEveryMs: 0, expectEveryMs: 100_000 });
    expect(negotiate([0, 200_000], [100_000, 100_000])).toEqual({ sendEveryMs: 200_000, expectEveryMs: 0 });
    expect(parseHeartBeat(undefined)).toEqual([0, 0]);
    expect(parseHeartBeat('1,x')).toBeNull();
  });

  it('is 100000 ms unless overridden, and refuses a nonsense override', () => {
    expect(serverHeartBeatMs({})).toBe(100_000);
    expect(serverHeartBeatMs({ APP_SOCKET_HEARTBEAT_MS: '500' })).toBe(500);
    expect(() => serverHeartBeatMs({ APP_SOCKET_HEARTBEAT_MS: '5' })).toThrow(/between 100/);
  });
});
