/** Node's frame parser (src/xmpp/xml/parse-frame.ts): the same elements as a DOM parser gives, and strict refusals. */
import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { fromDom } from '../../../src/xmpp/xml/dom';
import { FrameSyntaxError, parseFrameText } from '../../../src/xmpp/xml/parse-frame';
import { member } from '../../../fixtures';

const viaDom = (text: string) =>
  fromDom(new DOMParser().parseFromString(text, 'text/xml').documentElement as unknown as Element);

const bianca = `${member('bianca').chatId}-1@chat.localhost`;

const FRAMES = {
  message: `<message xmlns="jabber:client" from="${bianca}/phone" to="x@chat.localhost" type="chat" id="m1"><body>Hello &amp; welcome &lt;3 &#x1F600; &#233;</body><extraParams xmlns="jabber:client"><save_to_history>1</save_to_history><dialog_id>d1</dialog_id></extraParams><markable xmlns="urn:xmpp:chat-markers:0"/></message>`,
  features: `<stream:features xmlns:stream="http://etherx.jabber.org/streams"><mechanisms xmlns="urn:ietf:params:xml:ns:xmpp-sasl"><mechanism>SCRAM-SHA-1</mechanism><mechanism>PLAIN</mechanism></mechanisms><sm xmlns="urn:xmpp:sm:3"/></stream:features>`,
  streamError: `<stream:error xmlns:stream="http://etherx.jabber.org/streams"><conflict xmlns="urn:ietf:params:xml:ns:xmpp-streams"/><text xmlns="urn:ietf:params:xml:ns:xmpp-streams" xml:lang="en">Replaced</text></stream:error>`,
  open: `<open xmlns="urn:ietf:params:xml:ns:xmpp-framing" from="chat.localhost" id="abc" version="1.0" xml:lang="en"/>`,
  mixed: `<iq type='result' id="r1" xmlns="jabber:client">\n  <query xmlns="jabber:iq:roster"><item jid="a@b" name="Ana &quot;A&quot;"/></query>\n</iq>`,
  cdata: `<message xmlns="jabber:client"><body><![CDATA[a <b> & c]]> tail</body></message>`,
  noNamespace: `<a><b x="1">t</b></a>`,
  undeclaredDefault: `<x xmlns="urn:x"><y xmlns=""><z/></y></x>`,
  prefixedChild: `<r xmlns="urn:r" xmlns:p="urn:p"><p:c p:attr="v"/></r>`,
};

describe('parseFrameText', () => {
  it.each(Object.entries(FRAMES))('gives the element a DOM parser gives: %s', (_name, text) => {
    const ours = parseFrameText(text);
    const dom = viaDom(text);
    expect(ours.toString()).toBe(dom.toString());
    expect(ours.text()).toBe(dom.text());
    expect(ours.ns).toBe(dom.ns);
  });

  it('reads names, namespaces, references and whitespace as XML does', () => {
    const message = parseFrameText(FRAMES.message);
    expect(message.childText('body', 'jabber:client')).toBe('Hello & welcome <3 😀 é');
    expect(message.child('markable', 'urn:xmpp:chat-markers:0')).toBeDefined();
    const features = parseFrameText(FRAMES.features);
    expect(features.name).toBe('stream:features');
    expect(features.ns).toBe('http://etherx.jabber.org/streams');
    expect(features.child('mechanisms', 'urn:ietf:params:xml:ns:xmpp-sasl')?.elements()).toHaveLength(2);
    expect(parseFrameText(`<a v="x\ty\nz"/>`).attrs.v).toBe('x y z');
    expect(parseFrameText(FRAMES.cdata).childText('body')).toBe('a <b> & c tail');
  });

  it('skips an XML declaration and the whitespace around the element', () => {
    expect(parseFrameText(`<?xml version='1.0'?>\n <a/> \n`).name).toBe('a');
  });

  it('keeps an attribute named __proto__ as an attribute, not as the prototype', () => {
    const element = parseFrameText(
      `<message xmlns="jabber:client"><x __proto__="polluted" y="1"/></message>`,
    );
    const x = element.child('x')!;
    expect(Object.getPrototypeOf(x.attrs)).toBe(Object.prototype);
    expect(Object.hasOwn(x.attrs, '__proto__')).toBe(true);
    expect(x.attrs.y).toBe('1');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('parses deep nesting without recursion', () => {
    const depth = 20_000;
    const element = parseFrameText(`${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}`);
    let levels = 1;
    for (let at = element.child('a'); at; at = at.child('a')) levels++;
    expect(levels).toBe(depth);
  });

  it.each([
    ['a comment (RFC 6120 §11.1)', '<a><!-- c --></a>'],
    ['a processing instruction', '<a><?pi x?></a>'],
    ['a document type', '<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>'],
    ['an entity other than the predefined five', '<a>&nbsp;</a>'],
    ['a name of an object property as an entity', '<a>&constructor;</a>'],
    ['__proto__ as an entity', '<a x="&__proto__;"/>'],
    ['an unterminated reference', '<a>&amp</a>'],
    ['a character reference XML does not allow', '<a>&#0;</a>'],
    ['a control character', '<a>\u0001</a>'],
    ['an unpaired surrogate', '<a>\uD800</a>'],
    ['an end tag that does not match', '<a><b></a></b>'],
    ['an element left open', '<a><b></b>'],
    ['a start tag left open', '<a'],
    ['an attribute given twice', '<a x="1" x="2"/>'],
    ['an unquoted value', '<a x=1/>'],
    ["'<' in a value", '<a x="<"/>'],
    ['no space between attributes', '<a x="1"y="2"/>'],
    ['an undeclared prefix', '<p:a/>'],
    ['an undeclared attribute prefix', '<a q:x="1"/>'],
    ['content after the element', '<a/>tail'],
    ['a second element', '<a/><b/>'],
    ['text before the element', 'text<a/>'],
    ["']]>' in character data", '<a>]]></a>'],
    ['an unterminated CDATA section', '<a><![CDATA[x</a>'],
    ['nothing at all', ''],
  ])('refuses %s', (_what, text) => {
    expect(() => parseFrameText(text)).toThrow(FrameSyntaxError);
  });
});
