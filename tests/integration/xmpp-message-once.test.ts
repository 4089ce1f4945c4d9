/**
 * A message sent again with the same id is routed once (mod_portal_message_once.lua; issue 24
 * item 6 "0 duplicated"), on the real Prosody between @xmpp/client members: the repeat a tab sends
 * after taking the shared connection over, or a client after a stream it could not resume, comes
 * from another stream of the same account.
 */
import { xml } from '@xmpp/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { member } from '../../fixtures';
import { collect, jidOf, onlinePeer, until, type Element, type Peer } from '../support/chat-harness';
import { bsonId, chatMessage } from '../support/history';
import { stopPeer } from '../support/xmpp-peer';

const stack = inject('stack');
const DIALOG = bsonId();
const bodies = (list: Element[], text: string) =>
  list.filter((s) => s.is('message') && s.getChildText('body') === text);

describe('a message is routed once', () => {
  const claraJid = jidOf(stack, member('clara').chatId);
  let ava: Peer;
  let avaAgain: Peer;
  let emma: Peer;
  let clara: Peer;
  let atClara: Element[];

  beforeAll(async () => {
    [ava, avaAgain, emma, clara] = await Promise.all([
      onlinePeer(stack, 'ava', { resource: 'tab-one' }),
      onlinePeer(stack, 'ava', { resource: 'tab-two' }),
      onlinePeer(stack, 'emma'),
      onlinePeer(stack, 'clara'),
    ]);
    atClara = collect(clara);
  });
  afterAll(async () => {
    await Promise.all([ava, avaAgain, emma, clara].map(stopPeer));
  });

  /** Sends, then a marker message from the same stream: once that arrived, the first was routed or not. */
  async function sendThenMark(from: Peer, stanza: Element, mark: string): Promise<void> {
    await from.send(stanza);
    await from.send(chatMessage(claraJid, mark, DIALOG, { history: false }));
    await until(() => bodies(atClara, mark).length > 0, `"${mark}" at Clara`);
  }

  it('drops the same id from another stream of the sender, and from the same stream', async () => {
    const id = bsonId();
    await sendThenMark(
      ava,
      chatMessage(claraJid, 'See you at ten', DIALOG, { id, history: false }),
      'mark 1',
    );
    await sendThenMark(
      avaAgain,
      chatMessage(claraJid, 'See you at ten', DIALOG, { id, history: false }),
      'mark 2',
    );
    await sendThenMark(
      ava,
      chatMessage(claraJid, 'See you at ten', DIALOG, { id, history: false }),
      'mark 3',
    );
    expect(bodies(atClara, 'See you at ten').map((s) => s.attrs.id)).toEqual([id]);
  });

  it('routes the same text with a new id, a new text with the same id, and the same id from another sender', async () => {
    const id = bsonId();
    await sendThenMark(ava, chatMessage(claraJid, 'Thank you', DIALOG, { id, history: false }), 'mark 4');
    await sendThenMark(ava, chatMessage(claraJid, 'Thank you', DIALOG, { history: false }), 'mark 5');
    await sendThenMark(emma, chatMessage(claraJid, 'Thank you', DIALOG, { id, history: false }), 'mark 6');
    expect(bodies(atClara, 'Thank you')).toHaveLength(3);
    // A client that reuses ids for new messages (RFC 6120 §8.1.3) loses none of them.
    await sendThenMark(
      ava,
      chatMessage(claraJid, 'Thank you again', DIALOG, { id, history: false }),
      'mark 6b',
    );
    expect(bodies(atClara, 'Thank you again')).toHaveLength(1);
  });

  it('never holds back what has no body: typing and markers with a repeated id arrive each time', async () => {
    const id = bsonId();
    const typing = () =>
      xml(
        'message',
        { type: 'chat', to: claraJid, id },
        xml('composing', { xmlns: 'http://jabber.org/protocol/chatstates' }),
      );
    await sendThenMark(ava, typing(), 'mark 7');
    await sendThenMark(avaAgain, typing(), 'mark 8');
    expect(
      atClara.filter((s) => s.is('message') && s.attrs.id === id && s.getChild('composing')),
    ).toHaveLength(2);
  });
});
