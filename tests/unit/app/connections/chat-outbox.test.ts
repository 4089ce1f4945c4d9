/**
 * The outbox as the one owner of an outgoing message (src/app/connections/chat/chat-outbox.ts;
 * docs/architecture.md §3 "Outbox"; spec §3 "wait for send"): each item is one record, in the
 * browser's store before it is tried, sent in order once the chat is up, and gone from memory and
 * store when the server has it; the conversation learns of it only through the outbox's events.
 */
import { describe, expect, it } from 'vitest';
import { createEmitter } from '../../../../src/shared/emitter';
import {
  ChatNotConnectedError,
  StanzaError,
  type DialogMessage,
  type MarkerParams,
} from '../../../../src/xmpp';
import { createChatOutbox, type OutboxChat } from '../../../../src/app/connections/chat/chat-outbox';
import { memoryOutboxStore, type StoredOutgoing } from '../../../../src/app/connections/chat/outbox-store';
import type { Outgoing } from '../../../../src/app/connections/chat/types';

const OWNER = 100010;
const dialog = { id: '5f0c1a2b3c4d5e6f7a8b9c0d', type: 3 as const, memberId: 200005 };
const message = (id: string): Outgoing => ({ kind: 'message', dialog, message: { id, body: `text ${id}` } });
const marker: Outgoing = { kind: 'read', messageId: 'm0', userId: 200005, dialogId: dialog.id };

/**
 * An outbox over a memory store, on a chat whose wire is `wire`, which is online while `online`
 * (offline, a send throws the chat's ChatNotConnectedError), and whose send fails with `failure`
 * while one is set; `ack` and `bounce` are the server's answers as the chat reports them.
 */
function world({ transport = 'websocket', closedUntilFlushed = false } = {}) {
  const store = memoryOutboxStore();
  const wire: string[] = [];
  const events: string[] = [];
  const unsent: number[] = [];
  let online = true;
  let failure: Error | null = null;
  const session = createEmitter<{ acked: { id: string; to: string } }>();
  const bounces = createEmitter<{ error: { id: string; error: StanzaError } }>();
  const put = (id: string) => {
    if (!online) throw new ChatNotConnectedError();
    if (failure) throw failure;
    wire.push(id);
    return id;
  };
  const chat = {
    get isConnected() {
      return online;
    },
    transport,
    session: { on: session.on },
    messages: {
      on: bounces.on,
      sendToDialog: (_dialog: unknown, message: DialogMessage) => put(message.id!),
    },
    sendReadStatus: ({ messageId }: MarkerParams) => put(`read:${messageId}`),
  } as unknown as OutboxChat;
  const outbox = createChatOutbox({
    store,
    owner: OWNER,
    tab: 'tab-a',
    chat,
    now: () => 1_000,
    closedUntilFlushed,
  });
  outbox.on('added', ({ key }) => events.push(`added ${key}`));
  outbox.on('acknowledged', ({ key }) => events.push(`acknowledged ${key}`));
  outbox.on('failed', ({ key }) => events.push(`failed ${key}`));
  outbox.on('unsent', (count) => unsent.push(count));
  const stored = async () => (await store.load(OWNER)).map((record) => record.key);
  return {
    outbox,
    store,
    wire,
    events,
    unsent,
    stored,
    setOnline: (value: boolean) => (online = value),
    fail: (error: Error | null) => (failure = error),
    ack: (id: string) => session.emit('acked', { id, to: '200005-1001@localhost' }),
    bounce: (id: string) =>
      bounces.emit('error', { id, error: new StanzaError({ condition: 'service-unavailable', id }) }),
  };
}

describe('the chat outbox', () => {
  it('keeps a message sent at once until the server acknowledges it, then forgets it', async () => {
    const w = world();
    w.outbox.give(message('a'));
    expect(w.wire).toEqual(['a']);
    expect(w.outbox.unsent).toBe(0);
    expect(await w.stored()).toEqual(['a']);
    w.ack('a');
    expect(await w.stored()).toEqual([]);
    expect(w.events).toEqual(['added a', 'acknowledged a']);
    // An acknowledgement of a stanza the outbox never held (a typing notification) changes nothing.
    w.ack('a');
    w.ack('typing-1');
    expect(w.events).toEqual(['added a', 'acknowledged a']);
  });

  it("opened by its first flush, sends nothing before it though the chat is up (the login's rooms)", async () => {
    const w = world({ closedUntilFlushed: true });
    w.outbox.give(message('a'));
    w.outbox.give(message('b'));
    expect(w.wire).toEqual([]);
    expect(w.outbox.unsent).toBe(2);
    expect(await w.stored()).toEqual(['a', 'b']);
    w.outbox.flush();
    expect(w.wire).toEqual(['a', 'b']);
    // Open from then on: what is given goes at once.
    w.outbox.give(message('c'));
    expect(w.wire).toEqual(['a', 'b', 'c']);
  });

  it('keeps order while offline, counts what waits, and sends it all when the chat is back', async () => {
    const w = world();
    w.setOnline(false);
    w.outbox.give(message('a'));
    w.outbox.give(marker);
    w.outbox.give(message('b'));
    expect(w.wire).toEqual([]);
    expect(w.outbox.unsent).toBe(3);
    expect(await w.stored()).toEqual(['a', 'read:m0', 'b']);
    w.setOnline(true);
    w.outbox.flush();
    expect(w.wire).toEqual(['a', 'read:m0', 'b']);
    expect(w.outbox.unsent).toBe(0);
    // The link's count is told each change once, not the items' passing through.
    expect(w.unsent).toEqual([1, 2, 3, 0]);
    // The read marker needs no acknowledgement; the messages wait for theirs.
    expect(await w.stored()).toEqual(['a', 'b']);
  });

  it('lets nothing overtake what waits: a message given online after a drop goes out behind it', () => {
    const w = world();
    w.setOnline(false);
    w.outbox.give(message('a'));
    w.setOnline(true);
    w.outbox.give(message('b'));
    expect(w.wire).toEqual(['a', 'b']);
  });

  it('keeps an item that met a dropped connection, and drops one whose send failed otherwise', async () => {
    const w = world();
    // The connection dropped between the check and the send: the chat says it is not connected.
    w.fail(new ChatNotConnectedError());
    w.outbox.give(message('x'));
    expect(w.outbox.unsent).toBe(1);
    w.fail(new Error('no such dialog'));
    w.outbox.flush();
    expect(w.outbox.unsent).toBe(0);
    expect(await w.stored()).toEqual([]);
    // The conversation is told, so the message shows failed instead of waiting for ever.
    expect(w.events).toEqual(['added x', 'failed x']);
    w.fail(null);
    w.outbox.flush();
    expect(w.wire).toEqual([]);
  });

  it('forgets a refused message without sending it again', async () => {
    const w = world();
    w.outbox.give(message('a'));
    w.bounce('a');
    w.bounce('a');
    w.outbox.flush();
    expect(w.wire).toEqual(['a']);
    expect(await w.stored()).toEqual([]);
    expect(w.events).toEqual(['added a', 'failed a']);
  });

  it('forgets what it handed over to a chat that never acknowledges (BOSH)', async () => {
    const w = world({ transport: 'bosh' });
    w.outbox.give(message('a'));
    expect(w.wire).toEqual(['a']);
    expect(await w.stored()).toEqual([]);
  });

  it("takes over an earlier page's records in order, shows them, does not write them again, and forgets the delivered", async () => {
    const w = world();
    const kept: StoredOutgoing[] = ['x', 'y'].map((id) => ({
      key: id,
      owner: OWNER,
      at: 500,
      tab: 'tab-a',
      item: message(id),
    }));
    // What the history already holds only leaves the store (outbox-delivered.ts).
    const delivered = { ...kept[0]!, key: 'w', item: message('w') };
    await w.store.put(delivered);
    w.setOnline(false);
    w.outbox.takeOver(kept, [delivered]);
    expect(w.events).toEqual(['added x', 'added y']);
    expect(await w.stored()).toEqual([]);
    w.outbox.give(message('z'));
    w.setOnline(true);
    w.outbox.flush();
    expect(w.wire).toEqual(['x', 'y', 'z']);
  });

  it('leaves what was not sent in the store when the chat stops, for the next page', async () => {
    const w = world();
    w.setOnline(false);
    w.outbox.give(message('a'));
    w.outbox.give(message('b'));
    w.outbox.stop();
    w.setOnline(true);
    w.outbox.flush();
    expect(w.wire).toEqual([]);
    expect(w.outbox.unsent).toBe(0);
    expect(w.unsent).toEqual([1, 2, 0]);
    expect(await w.stored()).toEqual(['a', 'b']);
    // A stopped outbox no longer hears the chat: a late acknowledgement removes nothing.
    w.ack('a');
    expect(await w.stored()).toEqual(['a', 'b']);
  });

  it('refuses an item without its id: it could not be told apart from the history', () => {
    const w = world();
    expect(() => w.outbox.give({ kind: 'message', dialog, message: { body: 'no id' } })).toThrow(/id/);
    expect(w.events).toEqual([]);
  });
});
