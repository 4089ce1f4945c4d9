/**
 * The load run's c2s member reads Prosody's stream by splitting it into top-level elements
 * (scripts/bench/load/member-c2s.ts): chunks cut anywhere, self-closing and nested elements, the
 * stream's own header and the XML declaration.
 */
import { describe, expect, it } from 'vitest';
import { createSplitter } from '../../../scripts/bench/load/member-c2s';

const STREAM =
  "<?xml version='1.0'?><stream:stream xmlns='jabber:client' xmlns:stream='http://etherx.jabber.org/streams' id='s1' version='1.0'>" +
  "<stream:features><bind xmlns='urn:ietf:params:xml:ns:xmpp-bind'/></stream:features>" +
  "<presence from='a@x/r'/>" +
  "<message from='a@x/r' to='b@x' type='chat' id='m1'><body>load 0 1700000000000 &lt;b&gt;</body><markable xmlns='urn:xmpp:chat-markers:0'/></message>" +
  "<message type='chat' id='d1' from='b@x/r'><displayed id='m1' xmlns='urn:xmpp:chat-markers:0'/></message>";

const EXPECTED = [
  ['stream:features', "<stream:features><bind xmlns='urn:ietf:params:xml:ns:xmpp-bind'/></stream:features>"],
  ['presence', "<presence from='a@x/r'/>"],
  [
    'message',
    "<message from='a@x/r' to='b@x' type='chat' id='m1'><body>load 0 1700000000000 &lt;b&gt;</body><markable xmlns='urn:xmpp:chat-markers:0'/></message>",
  ],
  [
    'message',
    "<message type='chat' id='d1' from='b@x/r'><displayed id='m1' xmlns='urn:xmpp:chat-markers:0'/></message>",
  ],
];

function split(chunks: string[]): string[][] {
  const seen: string[][] = [];
  const feed = createSplitter((name, text) => seen.push([name, text]));
  for (const chunk of chunks) feed(chunk);
  return seen;
}

describe('the load member reading its stream', () => {
  it('gives every top-level element whole, and not the stream header', () => {
    expect(split([STREAM])).toEqual(EXPECTED);
  });

  it('gives the same elements whatever the chunks are cut at', () => {
    for (const size of [1, 2, 3, 7, 16, 61]) {
      const chunks: string[] = [];
      for (let i = 0; i < STREAM.length; i += size) chunks.push(STREAM.slice(i, i + size));
      expect(split(chunks)).toEqual(EXPECTED);
    }
  });

  it('holds an element that has not ended until its end comes', () => {
    const seen = split([STREAM.slice(0, STREAM.indexOf('<body>'))]);
    expect(seen.map(([name]) => name)).toEqual(['stream:features', 'presence']);
  });
});
