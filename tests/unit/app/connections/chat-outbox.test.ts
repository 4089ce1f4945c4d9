/**
 * The outbox as the one owner of an outgoing message (src/app/connections/chat/chat-outbox.ts;
 * docs/architecture.md §3 "Outbox"; spec §3 "wait for send"): each item is one record, in the
 * browser's store before it is tried, sent in order once the chat is up, and gone from memory and
 * store when the server has it; the conversation learns of it only through the outbox's events.
 */
import { describe, expect, it } from 'vitest';
import { createChatOutbox } from '../../../../src/app/connections/chat/chat-outbox';
import { memoryOutboxStore, type StoredOutgoing } from '../../../../src/app/connections/chat/outbox-store';
import type { Outgoing } from '../../../../src/app/connections/chat/types';

const OWNER = 100010;
const dialog = { id: '5f0c1a2b3c4d5e6f7a8b9c0d', type: 3 as const, memberId: 200005 };
const message = (id: string): Outgoing => ({ kind: 'message', dialog, message: { id, body: `text ${id}` } });
const marker: Outgoing = { kind: 'read', messageId: 'm0', userId: 200005, dialogId: dialog.id };

class Offline extends Error {}

/** An outbox over a memory store, whose wire is `wire` and which is online while `online`. */
function world({ acknowledges = true } = {}) {
  const store = memoryOutboxStore();
  const wire: string[] = [];
  const events: string[] = [];
  let online = true;
  const outbox = createChatOutbox({
    store,
    owner: OWNER,
    tab: 'tab-a',
    send(item) {
      if (!online) throw new Offline();
      wire.push(item.kind === 'read' ? `read:${item.messageId}` : item.message.id!);
    },
    canSend: () => online,
    isOffline: (error) => error instanceof Offline,
    acknowledges: () => acknowledges,
    now: () => 1_000,
  });
  outbox.on('added', ({ key }) => events.push(`added ${key}`));
  outbox.on('acknowledged', ({ key }) => events.push(`acknowledged ${key}`));
  const stored = async () => (await store.load(OWNER)).map((record) => record.key);
  return {
    outbox,
    store,
    wire,
    events,
    stored,
    setOnline: (value: boolean) => (online = value),
  };
}

describe('the chat outbox', () => {
  it('keeps a message sent at once until the server acknowledges it, then forgets it', async () => {
    const w = world();
    w.outbox.give(message('a'));
    expect(w.wire).toEqual(['a']);
    expect(w.outbox.unsent).toBe(0);
    expect(await w.stored()).toEqual(['a']);
    w.outbox.acknowledged('a');
    expect(await w.stored()).toEqual([]);
    expect(w.events).toEqual(['added a', 'acknowledged a']);
    // An acknowledgement of a stanza the outbox never held (a typing notification) changes nothing.
    w.outbox.acknowledged('a');
    w.outbox.acknowledged('typing-1');
    expect(w.events).toEqual(['added a', 'acknowledged a']);
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
    let failure: Error | null = new Offline();
    const outbox = createChatOutbox({
      store: w.store,
      owner: OWNER,
      tab: 'tab-a',
      send() {
        if (failure) throw failure;
      },
      canSend: () => true,
      isOffline: (error) => error instanceof Offline,
      acknowledges: () => true,
      now: () => 1_000,
    });
    outbox.give(message('x'));
    expect(outbox.unsent).toBe(1);
    failure = new Error('no such dialog');
    outbox.flush();
    expect(outbox.unsent).toBe(0);
    expect(await w.stored()).toEqual([]);
    failure = null;
    outbox.flush();
    expect(outbox.unsent).toBe(0);
  });

  it('forgets a refused message without sending it again', async () => {
    const w = world();
    w.outbox.give(message('a'));
    w.outbox.refused('a');
    w.outbox.flush();
    expect(w.wire).toEqual(['a']);
    expect(await w.stored()).toEqual([]);
    expect(w.events).toEqual(['added a']);
  });

  it('forgets what it handed over to a chat that never acknowledges (BOSH)', async () => {
    const w = world({ acknowledges: false });
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
    w.outbox.stop();
    w.setOnline(true);
    w.outbox.flush();
    expect(w.wire).toEqual([]);
    expect(w.outbox.unsent).toBe(0);
    expect(await w.stored()).toEqual(['a']);
  });

  it('refuses an item without its id: it could not be told apart from the history', () => {
    const w = world();
    expect(() => w.outbox.give({ kind: 'message', dialog, message: { body: 'no id' } })).toThrow(/id/);
    expect(w.events).toEqual([]);
  });
});
