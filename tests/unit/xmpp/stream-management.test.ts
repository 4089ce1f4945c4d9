/** XEP-0198 engine: counting, acks, resumption, salvage without stale from, unacked reports. */
import { describe, expect, it } from 'vitest';
import { createStreamManagement, type SmOutcome } from '../../../src/xmpp/stream-management/engine';
import { parseSmNonza } from '../../../src/xmpp/stream-management/parse';
import { createFakeClock, parseXml } from '../../../src/xmpp/testing';
import { xml, type XmlElement } from '../../../src/xmpp/xml/element';

const NS = 'urn:xmpp:sm:3';

function setup() {
  const scheduler = createFakeClock();
  const raw: string[] = [];
  const acked: string[] = [];
  const unacked: string[] = [];
  const sm = createStreamManagement({
    sendRaw: (e) => raw.push(e.toString()),
    scheduler,
    reportAfterMs: 30_000,
    onAcked: (s) => acked.push(s.attrs.id!),
    onUnacked: (s) => unacked.push(s.attrs.id!),
  });
  const nonza = (text: string): SmOutcome => sm.handle(parseSmNonza(parseXml(text))!);
  const message = (id: string, body = true): XmlElement =>
    xml('message', { type: 'chat', id, to: 'u@x', from: 'me@x/old' }, body && xml('body', {}, id));
  return { scheduler, raw, acked, unacked, sm, nonza, message };
}

describe('stream management', () => {
  it('enables with resumption and answers <r/> with the inbound count since <enabled/>', () => {
    const { sm, raw, nonza } = setup();
    sm.countInbound();
    sm.enable();
    expect(raw).toEqual([`<enable xmlns="${NS}" resume="true"/>`]);
    expect(sm.tracking).toBe(true);
    expect(nonza(`<enabled xmlns="${NS}" id="abc" resume="true" max="60"/>`)).toEqual({
      kind: 'enabled',
      resumable: true,
    });
    sm.countInbound();
    sm.countInbound();
    nonza(`<r xmlns="${NS}"/>`);
    expect(raw.at(-1)).toBe(`<a xmlns="${NS}" h="2"/>`);
  });

  it('requests one ack after a burst and settles messages on <a h/>', async () => {
    const { sm, raw, acked, nonza, message, scheduler } = setup();
    sm.enable();
    nonza(`<enabled xmlns="${NS}" id="abc" resume="true"/>`);
    const requests = () => raw.filter((r) => r === `<r xmlns="${NS}"/>`).length;
    sm.track(xml('presence'));
    sm.track(message('m1'));
    sm.track(message('m2'));
    // Not right behind every message: one request 2 s after the first unasked stanza.
    await scheduler.advanceAsync(1999);
    expect(requests()).toBe(0);
    await scheduler.advanceAsync(1);
    expect(requests()).toBe(1);
    nonza(`<a xmlns="${NS}" h="2"/>`);
    expect(acked).toEqual(['m1']);
    expect(sm.unacked).toBe(1);
    nonza(`<a xmlns="${NS}" h="3"/>`);
    expect(acked).toEqual(['m1', 'm2']);
    expect(sm.unacked).toBe(0);
  });

  it('asks at once after 100 stanzas without a request', async () => {
    const { sm, raw, nonza, message } = setup();
    sm.enable();
    nonza(`<enabled xmlns="${NS}" id="abc" resume="true"/>`);
    for (let i = 0; i < 99; i++) sm.track(message(`b${i}`));
    expect(raw.filter((r) => r.startsWith('<r ')).length).toBe(0);
    sm.track(message('b99'));
    expect(raw.filter((r) => r.startsWith('<r ')).length).toBe(1);
  });

  it('acknowledges what it received half a second after the first stanza, or at once after 20', async () => {
    const { sm, raw, nonza, scheduler } = setup();
    sm.enable();
    nonza(`<enabled xmlns="${NS}" id="abc" resume="true"/>`);
    const answers = () => raw.filter((r) => r.startsWith('<a '));
    sm.countInbound();
    await scheduler.advanceAsync(300);
    sm.countInbound();
    await scheduler.advanceAsync(199);
    expect(answers()).toEqual([]);
    await scheduler.advanceAsync(1);
    expect(answers()).toEqual([`<a xmlns="${NS}" h="2"/>`]);
    await scheduler.advanceAsync(5_000);
    expect(answers()).toHaveLength(1);
    for (let i = 0; i < 20; i++) sm.countInbound();
    expect(answers().at(-1)).toBe(`<a xmlns="${NS}" h="22"/>`);
    // The server's own request is answered at once and settles the pending answer.
    sm.countInbound();
    nonza(`<r xmlns="${NS}"/>`);
    expect(answers().at(-1)).toBe(`<a xmlns="${NS}" h="23"/>`);
    await scheduler.advanceAsync(1_000);
    expect(answers()).toHaveLength(3);
  });

  it('acknowledges on demand only what it has not yet, and nothing while the stream is down', async () => {
    const { sm, raw, nonza, scheduler } = setup();
    sm.enable();
    nonza(`<enabled xmlns="${NS}" id="abc" resume="true" max="60"/>`);
    const answers = () => raw.filter((r) => r.startsWith('<a '));
    sm.acknowledge();
    expect(answers()).toEqual([]);
    sm.countInbound();
    sm.acknowledge();
    expect(answers()).toEqual([`<a xmlns="${NS}" h="1"/>`]);
    sm.acknowledge();
    sm.countInbound();
    sm.streamLost();
    await scheduler.advanceAsync(1_000);
    sm.acknowledge();
    expect(answers()).toHaveLength(1);
    // The <resume h/> tells the server the count: nothing is left to acknowledge after it.
    expect(sm.resumeElement()?.attrs.h).toBe('2');
    nonza(`<resumed xmlns="${NS}" previd="abc" h="0"/>`);
    sm.acknowledge();
    expect(answers()).toHaveLength(1);
  });

  it('reports a message unacked after 30 s, once', async () => {
    const { sm, unacked, nonza, message, scheduler } = setup();
    sm.enable();
    nonza(`<enabled xmlns="${NS}" id="abc" resume="true"/>`);
    sm.track(message('lost'));
    sm.track(message('receipt', false));
    await scheduler.advanceAsync(29_999);
    expect(unacked).toEqual([]);
    await scheduler.advanceAsync(1);
    expect(unacked).toEqual(['lost']);
    await scheduler.advanceAsync(60_000);
    expect(unacked).toEqual(['lost']);
  });

  it('resumes: acks what the server handled and returns every other stanza once, in order', () => {
    const { sm, nonza, message, acked, scheduler } = setup();
    sm.enable();
    nonza(`<enabled xmlns="${NS}" id="prev-1" resume="true" max="60"/>`);
    for (let i = 0; i < 3; i++) sm.countInbound();
    ['a', 'b', 'c'].forEach((id) => sm.track(message(id)));
    sm.streamLost();
    sm.hold(message('d'));
    expect(sm.canResume()).toBe(true);
    expect(sm.resumeElement()?.toString()).toBe(`<resume xmlns="${NS}" previd="prev-1" h="3"/>`);
    const outcome = nonza(`<resumed xmlns="${NS}" previd="prev-1" h="1"/>`);
    expect(acked).toEqual(['a']);
    expect(outcome.kind).toBe('resumed');
    const resend = (outcome as { resend: XmlElement[] }).resend;
    expect(resend.map((s) => s.attrs.id)).toEqual(['b', 'c', 'd']);
    expect(sm.unacked).toBe(0);
    // Re-sent stanzas are counted again from the server's h.
    resend.forEach((s) => sm.track(s));
    nonza(`<a xmlns="${NS}" h="4"/>`);
    expect(acked).toEqual(['a', 'b', 'c', 'd']);
    expect(scheduler.now()).toBeGreaterThan(0);
  });

  it('refuses to resume once the server window has passed', async () => {
    const { sm, nonza, scheduler } = setup();
    sm.enable();
    nonza(`<enabled xmlns="${NS}" id="p" resume="true" max="60"/>`);
    sm.streamLost();
    await scheduler.advanceAsync(59_999);
    expect(sm.canResume()).toBe(true);
    await scheduler.advanceAsync(1);
    expect(sm.canResume()).toBe(false);
    expect(sm.resumeElement()).toBeNull();
  });

  it('on a failed resumption salvages unacked messages without their stale from', () => {
    const { sm, nonza, message } = setup();
    sm.enable();
    nonza(`<enabled xmlns="${NS}" id="p" resume="true"/>`);
    sm.track(message('x'));
    sm.track(xml('iq', { type: 'get', id: 'q' }));
    sm.track(message('y'));
    sm.streamLost();
    sm.resumeElement();
    const outcome = nonza(
      `<failed xmlns="${NS}" h="1"><item-not-found xmlns="urn:ietf:params:xml:ns:xmpp-stanzas"/></failed>`,
    );
    expect(outcome.kind).toBe('resume-failed');
    const { salvaged, condition } = outcome as { salvaged: XmlElement[]; condition: string };
    expect(condition).toBe('item-not-found');
    expect(salvaged.map((s) => s.attrs.id)).toEqual(['y']);
    expect(salvaged[0]!.attrs.from).toBeUndefined();
    expect(sm.tracking).toBe(false);
    expect(sm.canResume()).toBe(false);
  });

  it('treats <failed/> to <enable/> as running without stream management', () => {
    const { sm, nonza } = setup();
    sm.enable();
    expect(
      nonza(
        `<failed xmlns="${NS}"><unexpected-request xmlns="urn:ietf:params:xml:ns:xmpp-stanzas"/></failed>`,
      ),
    ).toEqual({
      kind: 'enable-failed',
      condition: 'unexpected-request',
    });
    expect(sm.tracking).toBe(false);
  });

  it('clamps an ack for more than was sent and reports it', () => {
    const errors: string[] = [];
    const scheduler = createFakeClock();
    const sm = createStreamManagement({
      sendRaw: () => undefined,
      scheduler,
      reportAfterMs: 30_000,
      onAcked: () => undefined,
      onUnacked: () => undefined,
      onProtocolError: (d) => errors.push(d),
    });
    sm.enable();
    sm.handle({ kind: 'enabled', id: 'p', resume: true, max: null });
    sm.track(xml('presence'));
    sm.handle({ kind: 'a', h: 5 });
    expect(errors).toHaveLength(1);
    expect(sm.unacked).toBe(0);
  });
});
