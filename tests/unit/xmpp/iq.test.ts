/** The one request primitive (RFC 6120 §8.2.3) and the answers to requests addressed to us. */
import { describe, expect, it } from 'vitest';
import { StanzaError, TimeoutError } from '../../../src/xmpp';
import { createIqCaller } from '../../../src/xmpp/iq/caller';
import { createIqResponder } from '../../../src/xmpp/iq/responder';
import { createFakeClock, parseXml } from '../../../src/xmpp/testing';
import { xml, type XmlElement } from '../../../src/xmpp/xml/element';

function setup() {
  const scheduler = createFakeClock();
  const sent: XmlElement[] = [];
  const caller = createIqCaller({ send: (e) => sent.push(e), scheduler, timeoutMs: 1000 });
  return { scheduler, sent, caller };
}

describe('iq caller', () => {
  it('keys requests by a generated id and resolves with the result', async () => {
    const { sent, caller } = setup();
    const answer = caller.request(xml('iq', { type: 'get' }, xml('query', { xmlns: 'jabber:iq:roster' })), {
      suffix: 'getRoster',
    });
    const id = sent[0]!.attrs.id!;
    expect(id).toMatch(/:getRoster$/);
    expect(caller.handle(parseXml(`<iq type="result" id="other"/>`))).toBe(false);
    expect(caller.handle(parseXml(`<iq type="result" id="${id}"><query/></iq>`))).toBe(true);
    expect((await answer).child('query')).toBeDefined();
    expect(caller.pending).toBe(0);
  });

  it('rejects with a StanzaError on an error reply and a TimeoutError without one', async () => {
    const { scheduler, sent, caller } = setup();
    const failing = caller.request(xml('iq', { type: 'set' }));
    caller.handle(
      parseXml(
        `<iq type="error" id="${sent[0]!.attrs.id}"><error type="cancel"><not-allowed xmlns="urn:ietf:params:xml:ns:xmpp-stanzas"/></error></iq>`,
      ),
    );
    await expect(failing).rejects.toBeInstanceOf(StanzaError);
    const silent = caller.request(xml('iq', { type: 'get' }), { timeoutMs: 50 });
    const check = expect(silent).rejects.toBeInstanceOf(TimeoutError);
    await scheduler.advanceAsync(49);
    expect(caller.pending).toBe(1);
    await scheduler.advanceAsync(1);
    await check;
    expect(caller.pending).toBe(0);
  });

  it('rejects at once when sending throws, and rejects all on demand', async () => {
    const scheduler = createFakeClock();
    const caller = createIqCaller({
      send: () => {
        throw new Error('offline');
      },
      scheduler,
      timeoutMs: 1000,
    });
    await expect(caller.request(xml('iq', { type: 'get' }))).rejects.toThrow('offline');
    expect(scheduler.pending).toBe(0);
    const { caller: other } = setup();
    const waiting = other.request(xml('iq', { type: 'get' }));
    other.rejectAll(new Error('bye'));
    await expect(waiting).rejects.toThrow('bye');
  });
});

describe('iq responder', () => {
  it('answers registered payloads and refuses the rest with service-unavailable', () => {
    const sent: XmlElement[] = [];
    const responder = createIqResponder({ send: (e) => sent.push(e) });
    responder.on('get', 'ping', 'urn:xmpp:ping', () => undefined);
    responder.on('get', 'time', 'urn:xmpp:time', () => {
      throw new StanzaError({ condition: 'forbidden', type: 'auth' });
    });
    expect(
      responder.handle(parseXml(`<iq type="get" id="1" from="s"><ping xmlns="urn:xmpp:ping"/></iq>`)),
    ).toBe(true);
    expect(
      responder.handle(parseXml(`<iq type="get" id="2" from="s"><time xmlns="urn:xmpp:time"/></iq>`)),
    ).toBe(true);
    expect(responder.handle(parseXml(`<iq type="set" id="3" from="s"><x xmlns="urn:other"/></iq>`))).toBe(
      true,
    );
    expect(responder.handle(parseXml(`<iq type="result" id="4"/>`))).toBe(false);
    expect(sent.map((e) => e.toString())).toEqual([
      '<iq type="result" id="1" to="s"/>',
      '<iq type="error" id="2" to="s"><error type="auth"><forbidden xmlns="urn:ietf:params:xml:ns:xmpp-stanzas"/></error></iq>',
      '<iq type="error" id="3" to="s"><error type="cancel"><service-unavailable xmlns="urn:ietf:params:xml:ns:xmpp-stanzas"/></error></iq>',
    ]);
  });
});
