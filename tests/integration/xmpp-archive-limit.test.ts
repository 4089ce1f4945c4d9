/**
 * A user's message archive at its item limit (docs/prosody.md "Message archive storage"), through
 * a real Prosody of the test's own with a limit of 200: every message is still delivered, the
 * archive keeps the newest messages, and reaching the limit truncates it to nine tenths, so the
 * archive is cut once per twenty messages here (once per 5,000 at the product's 50,000), not
 * rewritten once per two. Each rewrite parsed and wrote the whole archive in Prosody's one thread,
 * which stopped every delivery for half a minute at a time when it came every 500 messages; the cut
 * copies the file's newest lines. Some messages hold line breaks and text that looks like the
 * file's own items, which must neither break a line's item nor pass for one.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { xml } from '@xmpp/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { member } from '../../fixtures';
import { collect, onlinePeer, type Element, type Peer } from '../support/chat-harness';
import { chatMessage } from '../support/history';
import { prosodyPaths } from '../../src/server/prosody/config';
import { startOwnProsody, type OwnProsody } from '../support/own-prosody';
import { stopPeer } from '../support/xmpp-peer';

const stack = inject('stack');
const MAM = 'urn:xmpp:mam:2';
const LIMIT = 200;
/** Past the limit by 510: 200 fill it, then a truncation to 180 every 20, the last 9 messages ago. */
const SENT = 710;
/** Message `i`'s body: every seventh with a line break and what looks like an item of the file. */
const bodyOf = (run: string, i: number) =>
  i % 7 === 0 ? `${run} ${i}\nitem({ fake = true });` : `${run} ${i}`;

/** The archive's total (XEP-0313 with mam_include_total, XEP-0059 count) and its oldest message's body. */
async function archiveFacts(peer: Peer, stanzas: Element[], withJid: string) {
  const queryid = randomBytes(4).toString('hex');
  const form = xml(
    'x',
    { xmlns: 'jabber:x:data', type: 'submit' },
    xml('field', { var: 'FORM_TYPE', type: 'hidden' }, xml('value', {}, MAM)),
    xml('field', { var: 'with' }, xml('value', {}, withJid)),
  );
  const rsm = xml('set', { xmlns: 'http://jabber.org/protocol/rsm' }, xml('max', {}, '1'));
  const fin = await peer.iqCaller.request(
    xml('iq', { type: 'set' }, xml('query', { xmlns: MAM, queryid }, form, rsm)),
  );
  const first = stanzas
    .map((s) => s.getChild('result', MAM))
    .find((r): r is Element => r?.attrs.queryid === queryid);
  return {
    total: Number(
      fin.getChild('fin', MAM)?.getChild('set', 'http://jabber.org/protocol/rsm')?.getChildText('count'),
    ),
    oldest: first?.getChild('forwarded', 'urn:xmpp:forward:0')?.getChild('message')?.getChildText('body'),
  };
}

/** The archive files of the Prosody's users (data/{host}/archive/{user}.list). */
async function archiveFiles(dataDir: string): Promise<string[]> {
  const data = path.join(prosodyPaths(dataDir).root, 'data');
  const files = await readdir(data, { recursive: true });
  return files
    .filter((f) => f.endsWith('.list') && f.includes(`archive${path.sep}`))
    .map((f) => path.join(data, f));
}

describe('the message archive at its item limit', () => {
  let prosody: OwnProsody;
  let sender: Peer;
  let recipient: Peer;

  beforeAll(async () => {
    prosody = await startOwnProsody(stack, { settings: { archiveItemLimit: LIMIT } });
    sender = await onlinePeer(stack, 'clara', { service: prosody.wsUrl });
    recipient = await onlinePeer(stack, 'daniela', { service: prosody.wsUrl });
  });

  afterAll(async () => {
    await Promise.all([sender, recipient].filter(Boolean).map(stopPeer));
    await prosody?.stop();
  });

  it('delivers every message, keeps the newest, and truncates to nine tenths of the limit', async () => {
    const senderStanzas = collect(sender);
    const recipientStanzas = collect(recipient);
    const run = randomBytes(3).toString('hex');
    const dialogId = randomBytes(12).toString('hex');
    for (let i = 0; i < SENT; i++)
      await sender.send(chatMessage(member('daniela').jid, bodyOf(run, i), dialogId, { history: false }));
    await expect
      .poll(
        () =>
          new Set(recipientStanzas.map((s) => s.getChildText('body')).filter((b) => b?.startsWith(run))).size,
        {
          timeout: 120_000,
        },
      )
      .toBe(SENT);

    // 200 fill the archive; the 201st finds it full: cut to 180, then stored (181); so every 20
    // messages. After 710: 181 + (509 mod 20) = 190, the oldest being message 520 (a multiple of 7).
    for (const [peer, stanzas, other] of [
      [sender, senderStanzas, member('daniela').jid],
      [recipient, recipientStanzas, member('clara').jid],
    ] as const) {
      const facts = await archiveFacts(peer, stanzas, other);
      expect(facts).toEqual({ total: 190, oldest: bodyOf(run, SENT - 190) });
    }
    // Cut by lines, not parsed and written again in the internal store's indented form: each
    // archive is still one item a line, line breaks in the text included.
    const files = await archiveFiles(prosody.dataDir);
    expect(files).toHaveLength(2);
    for (const file of files) {
      const lines = (await readFile(file, 'utf8')).split('\n').filter(Boolean);
      expect(lines).toHaveLength(190);
      expect(lines.every((line) => line.startsWith('item({name='))).toBe(true);
    }
  });
});
