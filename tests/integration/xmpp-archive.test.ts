/**
 * The one-to-one message archive (XEP-0313) as clients read it back, through the real Prosody:
 * every message lands in both the sender's and the recipient's archive, written by our storage
 * driver (mod_storage_portal_archive.lua, docs/prosody.md "Message archive storage") in the
 * internal store's format, and Prosody's own query code returns each message byte for byte —
 * quotes, backslashes, line breaks, non-ASCII text, Lua-looking text, nested extraParams.
 */
import { randomBytes } from 'node:crypto';
import { xml } from '@xmpp/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { member } from '../../fixtures';
import { collect, onlinePeer, type Element, type Peer } from '../support/chat-harness';
import { stopPeer } from '../support/xmpp-peer';

const stack = inject('stack');
const MAM = 'urn:xmpp:mam:2';
const FORWARD = 'urn:xmpp:forward:0';
const SID = 'urn:xmpp:sid:0';

/** The last `max` archived messages of `peer` with `withJid`, oldest first (XEP-0313 §4, XEP-0059). */
async function archived(peer: Peer, stanzas: Element[], withJid: string, max = 50): Promise<Element[]> {
  const queryid = randomBytes(4).toString('hex');
  stanzas.length = 0;
  const form = xml(
    'x',
    { xmlns: 'jabber:x:data', type: 'submit' },
    xml('field', { var: 'FORM_TYPE', type: 'hidden' }, xml('value', {}, MAM)),
    xml('field', { var: 'with' }, xml('value', {}, withJid)),
  );
  const rsm = xml(
    'set',
    { xmlns: 'http://jabber.org/protocol/rsm' },
    xml('max', {}, String(max)),
    xml('before'),
  );
  const fin = await peer.iqCaller.request(
    xml('iq', { type: 'set' }, xml('query', { xmlns: MAM, queryid }, form, rsm)),
  );
  expect(fin.getChild('fin', MAM)).toBeDefined();
  return stanzas
    .map((s) => s.getChild('result', MAM))
    .filter((r): r is Element => r?.attrs.queryid === queryid);
}

const bodyOf = (result: Element) =>
  result.getChild('forwarded', FORWARD)?.getChild('message')?.getChildText('body');

describe('the message archive', () => {
  let sender: Peer;
  let recipient: Peer;
  let senderStanzas: Element[];
  let recipientStanzas: Element[];
  const from = member('emma');
  const to = member('fatima');
  const run = randomBytes(3).toString('hex');
  const bodies = [
    `${run} plain`,
    `${run} "quoted" and 'single' and back\\slash \\" \\n`,
    `${run} two\nlines\n\ttabbed`,
    `${run} non-ASCII: é ß 日本語 🙂`,
    `${run} looks like Lua: ]]; item({}); end --[[ "\\u0000"`,
  ];

  beforeAll(async () => {
    sender = await onlinePeer(stack, 'emma');
    recipient = await onlinePeer(stack, 'fatima');
    senderStanzas = collect(sender);
    recipientStanzas = collect(recipient);
  });

  afterAll(async () => {
    await Promise.all([sender, recipient].filter(Boolean).map(stopPeer));
  });

  it("keeps each message, byte for byte, in the sender's and the recipient's archive", async () => {
    for (const [i, body] of bodies.entries()) {
      await sender.send(
        xml(
          'message',
          // To this session itself: other test files may have Fatima online elsewhere at the same
          // time, and a bare-JID message goes to her top-priority session, which need not be this one.
          { type: 'chat', to: `${recipient.jid}`, id: `${run}-${i}` },
          xml('body', {}, body),
          xml(
            'extraParams',
            { xmlns: 'jabber:client' },
            xml('dialog_id', {}, `dlg-${run}`),
            xml('report', {}, xml('clinic', { name: 'North "East"' }, xml('room', {}, `<${i}> & more`))),
          ),
        ),
      );
    }
    // Delivery takes longer than expect.poll's default second while the other suites load the machine.
    await expect
      .poll(() => recipientStanzas.filter((s) => s.getChildText('body')?.startsWith(run)).length, {
        timeout: 60_000,
      })
      .toBe(bodies.length);
    const delivered = recipientStanzas.find((s) => s.getChildText('body') === bodies[0])!;

    const ours = (await archived(sender, senderStanzas, to.jid)).filter((r) => bodyOf(r)?.startsWith(run));
    const theirs = (await archived(recipient, recipientStanzas, from.jid)).filter((r) =>
      bodyOf(r)?.startsWith(run),
    );
    for (const results of [ours, theirs]) {
      expect(results.map(bodyOf)).toEqual(bodies);
      expect(new Set(results.map((r) => r.attrs.id)).size).toBe(bodies.length);
      for (const [i, result] of results.entries()) {
        const forwarded = result.getChild('forwarded', FORWARD)!;
        expect(forwarded.getChild('delay', 'urn:xmpp:delay')?.attrs.stamp).toMatch(/^\d{4}-\d\d-\d\dT/);
        const message = forwarded.getChild('message')!;
        expect(message.attrs).toMatchObject({ type: 'chat', id: `${run}-${i}` });
        const extra = message.getChild('extraParams', 'jabber:client')!;
        expect(extra.getChildText('dialog_id')).toBe(`dlg-${run}`);
        const clinic = extra.getChild('report')!.getChild('clinic')!;
        expect(clinic.attrs.name).toBe('North "East"');
        expect(clinic.getChildText('room')).toBe(`<${i}> & more`);
      }
    }
    // The recipient's copy carries the archive id it was stored under (XEP-0359).
    expect(delivered.getChild('stanza-id', SID)?.attrs.id).toBe(theirs[0]!.attrs.id);
  });
});
