/**
 * Stanzas a hostile or broken peer sends (docs/prosody.md): malformed XML, huge bodies, deep
 * nesting, entity tricks, unknown namespaces, odd addresses and plausible stanzas with random
 * parts. Each case is one WebSocket frame, as RFC 7395 peers send them.
 */
import fc from 'fast-check';

export interface StanzaCase {
  kind: string;
  text: string;
}

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const word = fc.string({
  minLength: 1,
  maxLength: 12,
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-'.split('')),
});

export function stanzaCase(targets: string[]): fc.Arbitrary<StanzaCase> {
  const to = fc.oneof(
    fc.constantFrom(
      ...targets,
      'localhost',
      'muc.localhost',
      'nobody@localhost',
      'a@@b',
      '@/',
      `${'x'.repeat(3000)}@localhost`,
      '',
    ),
    word.map((w) => `${w}@muc.localhost/${w}`),
  );
  const plausible = fc
    .tuple(
      fc.constantFrom('message', 'presence', 'iq'),
      to,
      fc.constantFrom('chat', 'groupchat', 'get', 'set', 'error', 'result', 'bogus', ''),
      word,
      fc.string({ maxLength: 60 }),
    )
    .map(([name, target, type, id, body]) => ({
      kind: `plausible ${name}`,
      text:
        name === 'iq'
          ? `<iq xmlns="jabber:client" to="${escape(target)}" type="${type}" id="${id}"><query xmlns="jabber:iq:${id}"/></iq>`
          : `<${name} xmlns="jabber:client" to="${escape(target)}" type="${type}" id="${id}"><body>${escape(body)}</body></${name}>`,
    }));
  return fc.oneof(
    { weight: 4, arbitrary: plausible },
    {
      weight: 2,
      arbitrary: fc.tuple(word, to).map(([ns, target]) => ({
        kind: 'unknown namespace',
        text: `<iq xmlns="jabber:client" type="get" id="u-${ns}" to="${escape(target)}"><${ns} xmlns="urn:fuzz:${ns}"><x xmlns="urn:other:${ns}"/></${ns}></iq>`,
      })),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          '<message',
          '<message to="nobody@localhost"><body>unclosed',
          '</stream:stream>',
          '<close xmlns="urn:ietf:params:xml:ns:xmpp-framing"/><message/>',
          '<iq type="get"/>',
          '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]><message><body>&b;</body></message>',
          '<message><body>&#0;</body></message>',
          '<message><body>&unknown;</body></message>',
          '<message xmlns:a="x" a:b="1" a:b="2"/>',
          '<stream:stream xmlns:stream="http://etherx.jabber.org/streams"/>',
          '<auth xmlns="urn:ietf:params:xml:ns:xmpp-sasl" mechanism="PLAIN">AGFAYgBj</auth>',
          '<iq type="set" id="b2"><bind xmlns="urn:ietf:params:xml:ns:xmpp-bind"/></iq>',
          '<enable xmlns="urn:xmpp:sm:3" resume="true"/><r xmlns="urn:xmpp:sm:3"/><a xmlns="urn:xmpp:sm:3" h="4294967295"/>',
          '\u0000\u0001\u0002',
          '',
          ' ',
        )
        .map((text) => ({ kind: 'malformed', text })),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 10_000, max: 2_000_000 }).map((n) => ({
        kind: `huge body ${n}`,
        text: `<message xmlns="jabber:client" to="nobody@localhost" type="chat"><body>${'A'.repeat(n)}</body></message>`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 50, max: 20_000 }).map((n) => ({
        kind: `nested ${n}`,
        text: `<message xmlns="jabber:client" to="nobody@localhost">${'<a>'.repeat(n)}${'</a>'.repeat(n)}</message>`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.string({ unit: 'binary', maxLength: 200 }).map((text) => ({ kind: 'random text', text })),
    },
  );
}
