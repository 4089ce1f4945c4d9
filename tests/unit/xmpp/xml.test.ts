/** The element model: namespaces, queries, serialisation, DOM round trip. */
import { describe, expect, it } from 'vitest';
import { parseXml } from '../../../src/xmpp/testing';
import { fromDom, toDom } from '../../../src/xmpp/xml/dom';
import { escapeXml, xml } from '../../../src/xmpp/xml/element';

describe('XmlElement', () => {
  it('inherits namespaces and finds children by name and namespace', () => {
    const message = xml(
      'message',
      { xmlns: 'jabber:client', to: 'a@b', skip: undefined },
      xml('body', {}, 'hi'),
      xml('markable', { xmlns: 'urn:xmpp:chat-markers:0' }),
      null,
      false,
    );
    expect(message.attrs).toEqual({ xmlns: 'jabber:client', to: 'a@b' });
    expect(message.child('body')?.ns).toBe('jabber:client');
    expect(message.child('markable', 'urn:xmpp:chat-markers:0')).toBeDefined();
    expect(message.child('markable', 'jabber:client')).toBeUndefined();
    expect(message.childText('body')).toBe('hi');
    expect(message.elements()).toHaveLength(2);
  });

  it('serialises with escaping and parses back', () => {
    const element = xml('body', { a: '"<&>' }, 'x < y & z');
    expect(element.toString()).toBe('<body a="&quot;&lt;&amp;&gt;">x &lt; y &amp; z</body>');
    expect(escapeXml("'")).toBe('&apos;');
    const parsed = parseXml(element.toString());
    expect(parsed.attrs.a).toBe('"<&>');
    expect(parsed.text()).toBe('x < y & z');
  });

  it('clones detached with attribute changes and the inherited namespace', () => {
    const parent = xml('message', { xmlns: 'jabber:client', from: 'me', to: 'you' }, xml('body', {}, 't'));
    const copy = parent.clone({ from: null, id: 'x' });
    expect(copy.attrs).toEqual({ xmlns: 'jabber:client', to: 'you', id: 'x' });
    expect(parent.attrs.from).toBe('me');
    const body = parent.child('body')!.clone();
    expect(body.attrs.xmlns).toBe('jabber:client');
  });

  it('lets the children of a copy inherit the namespace the copy was given', () => {
    // The transport gives stanzas jabber:client this way (RFC 7395 §3.3.3); the body must follow
    // it, not keep the empty namespace of the original (Prosody would see no body at all).
    const stanza = xml(
      'message',
      { to: 'you' },
      xml('body', {}, 't'),
      xml('x', { xmlns: 'urn:x' }, xml('y')),
    );
    const copy = stanza.clone({ xmlns: 'jabber:client' });
    expect(copy.toString()).toBe(
      '<message to="you" xmlns="jabber:client"><body>t</body><x xmlns="urn:x"><y/></x></message>',
    );
    expect(copy.child('body', 'jabber:client')?.text()).toBe('t');
  });

  it('round-trips through the DOM keeping namespaces and split text', () => {
    const original = xml(
      'iq',
      { xmlns: 'jabber:client', type: 'get' },
      xml('query', { xmlns: 'jabber:iq:roster' }),
    );
    const back = fromDom(toDom(original));
    expect(back.toString()).toBe(original.toString());
    const dom = toDom(xml('v', {}, 'a'));
    dom.appendChild(dom.ownerDocument.createTextNode('b'));
    expect(fromDom(dom).text()).toBe('ab');
    expect(fromDom(dom).children).toHaveLength(2);
  });

  it('declares a namespace on the DOM copy only, which the children inherit (RFC 7395 §3.3.3)', () => {
    const stanza = xml('message', { to: 'a@b', type: 'chat' }, xml('body', {}, 'hi'));
    const dom = toDom(stanza, 'jabber:client');
    expect(dom.getAttribute('xmlns')).toBe('jabber:client');
    expect(fromDom(dom).child('body', 'jabber:client')?.text()).toBe('hi');
    expect(stanza.attrs.xmlns).toBeUndefined();
    expect(toDom(stanza).hasAttribute('xmlns')).toBe(false);
  });

  it('finds descendants depth first', () => {
    const element = parseXml(
      '<message><x xmlns="http://jabber.org/protocol/muc#user"><invite from="a"/></x></message>',
    );
    expect(element.descendant('invite')?.attrs.from).toBe('a');
    expect(element.descendant('nothing')).toBeUndefined();
  });
});
