/** Issue 14: secrets masked on export, import gives the same timeline, filters and follow. */
import { describe, expect, it } from 'vitest';
import { encodeServerMessage } from '../../../src/socket';
import {
  createRecorder,
  followMessage,
  maskText,
  matchesFilter,
  parseTrace,
  TraceFileError,
} from '../../../src/trace';
import { xml } from '../../../src/xmpp';

const MESSAGE_ID = '5f1e2d3c4b5a69788796a5b4';

function sampleRecorder() {
  let clock = 1_700_000_000_000;
  const recorder = createRecorder({ now: () => clock++ });
  recorder.xmpp(
    'member ava · chat',
    'out',
    xml('auth', { xmlns: 'urn:ietf:params:xml:ns:xmpp-sasl', mechanism: 'PLAIN' }, 'AGF2YQBzZWNyZXQ='),
  );
  recorder.rest('member ava · chat-service', {
    service: 'chat-service',
    method: 'POST',
    url: 'http://127.0.0.1:8080/qb/login.json',
    status: 202,
    durationMs: 5,
    requestBody: 'login=ava&password=hunter2',
    responseBody: '{"session":{"token":"0123456789abcdef0123456789abcdef01234567","user_id":7}}',
  });
  recorder.stomp('provider · socket', 'out', 'CONNECT\naccept-version:1.2\nauthToken:s3cr3t-token\n\n\0');
  recorder.xmpp(
    'member ava · chat',
    'out',
    xml(
      'message',
      { to: '22-1001@localhost', type: 'chat', id: MESSAGE_ID },
      xml('body', {}, 'Where is my result?'),
    ),
  );
  recorder.xmpp(
    'provider · chat',
    'out',
    xml(
      'message',
      { to: '7-1001@localhost', type: 'chat', id: 'x' },
      xml('displayed', { xmlns: 'urn:xmpp:chat-markers:0', id: MESSAGE_ID }),
    ),
  );
  const push = encodeServerMessage({
    type: 3,
    push: { type: 2, redDot: { key: 'root', count: 1, body: 'Where is my result?' } },
  });
  const head = new TextEncoder().encode(
    `MESSAGE\ndestination:/queue/chat-private\ncontent-length:${push.length}\n\n`,
  );
  recorder.stomp('provider · socket', 'in', new Uint8Array([...head, ...push, 0]));
  recorder.xmpp('provider · chat', 'in', xml('presence', { from: '7-1001@localhost/app' }));
  return recorder;
}

describe('masking', () => {
  it('hides SASL payloads, form and JSON secrets, STOMP token headers', () => {
    expect(maskText('<auth mechanism="PLAIN">AGF2YQBzZWNyZXQ=</auth>')).toBe(
      '<auth mechanism="PLAIN">***</auth>',
    );
    expect(maskText('login=ava&password=hunter2&x=1')).toBe('login=ava&password=***&x=1');
    expect(maskText('user%5Blogin%5D=ava&user%5Bpassword%5D=pw&signature=ab12')).toBe(
      'user%5Blogin%5D=ava&user%5Bpassword%5D=***&signature=***',
    );
    expect(maskText('{"token": "abc", "name":"n"}')).toBe('{"token": "***", "name":"n"}');
    expect(maskText('CONNECT\nauthToken:abc\nheart-beat:0,0')).toBe('CONNECT\nauthToken:***\nheart-beat:0,0');
  });

  it('leaves no secret in an exported trace and keeps the rest', () => {
    const text = sampleRecorder().toJSON();
    for (const secret of [
      'AGF2YQBzZWNyZXQ=',
      'hunter2',
      '0123456789abcdef0123456789abcdef01234567',
      's3cr3t-token',
    ])
      expect(text).not.toContain(secret);
    expect(text).toContain('Where is my result?');
    expect(text).toContain('"login=ava&password=***"'.slice(1, -1));
  });
});

describe('trace files', () => {
  it('import gives the same timeline as the export (masked)', () => {
    const recorder = sampleRecorder();
    const imported = parseTrace(recorder.toJSON());
    expect(imported).toHaveLength(recorder.entries.length);
    const again = createRecorder();
    again.load(imported);
    expect(again.toJSON().replace(/"exportedAt": "[^"]+"/, '')).toBe(
      recorder.toJSON().replace(/"exportedAt": "[^"]+"/, ''),
    );
    expect(imported.map((e) => [e.seq, e.kind, e.summary])).toEqual(
      recorder.entries.map((e) => [e.seq, e.kind, e.summary.replace('hunter2', '***')]),
    );
  });

  it('refuses what is not a trace file, saying why', () => {
    expect(() => parseTrace('nope')).toThrow(TraceFileError);
    expect(() => parseTrace('{"format":"other"}')).toThrow(/Not a trace file/);
    expect(() => parseTrace('{"format":"portal-trace","version":1,"entries":[{"seq":"1"}]}')).toThrow(
      /Entry 1/,
    );
  });
});

describe('filters and follow', () => {
  it('filters by connection, direction, type, namespace, JID and text', () => {
    const { entries } = sampleRecorder();
    const kinds = (filter: Parameters<typeof matchesFilter>[1]) =>
      entries.filter((e) => matchesFilter(e, filter)).map((e) => e.kind);
    expect(kinds({ connection: 'provider', type: 'stomp' })).toEqual(['stomp/CONNECT', 'stomp/MESSAGE']);
    expect(kinds({ direction: 'in' })).toEqual(['rest/POST', 'stomp/MESSAGE', 'presence']);
    expect(kinds({ namespace: 'chat-markers' })).toEqual(['message/chat']);
    expect(kinds({ jid: '22-1001' })).toEqual(['message/chat']);
    expect(kinds({ text: 'where is' })).toEqual(['message/chat', 'stomp/MESSAGE']);
  });

  it('follows a message id to its stanza, its marker and its red dot', () => {
    const { entries } = sampleRecorder();
    const followed = followMessage(entries, MESSAGE_ID);
    expect(entries.filter((e) => followed.has(e.seq)).map((e) => [e.connection, e.kind])).toEqual([
      ['member ava · chat', 'message/chat'],
      ['provider · chat', 'message/chat'],
      ['provider · socket', 'stomp/MESSAGE'],
    ]);
  });

  it('keeps the newest entries up to its limit, one snapshot per change', () => {
    const recorder = createRecorder({ limit: 3 });
    const seen: number[][] = [];
    const off = recorder.subscribe((entries) => seen.push(entries.map((e) => e.seq)));
    for (let i = 1; i <= 10; i++) recorder.note('c', `n${i}`);
    expect(recorder.entries.map((e) => e.summary)).toEqual(['n8', 'n9', 'n10']);
    expect(seen.slice(-4)).toEqual([
      [5, 6, 7],
      [6, 7, 8],
      [7, 8, 9],
      [8, 9, 10],
    ]);
    const before = recorder.entries;
    expect(recorder.entries).toBe(before);
    off();
    recorder.note('c', 'n11');
    expect(before.map((e) => e.summary)).toEqual(['n8', 'n9', 'n10']);
    expect(recorder.entries.map((e) => e.seq)).toEqual([9, 10, 11]);
    recorder.clear();
    expect(recorder.entries).toEqual([]);
    recorder.note('c', 'after');
    expect(recorder.entries.map((e) => [e.seq, e.summary])).toEqual([[12, 'after']]);
  });

  it('drops what arrives while paused', () => {
    const recorder = createRecorder();
    recorder.paused = true;
    recorder.note('c', 'ignored');
    recorder.paused = false;
    recorder.note('c', 'kept');
    expect(recorder.entries.map((e) => e.summary)).toEqual(['kept']);
  });
});
