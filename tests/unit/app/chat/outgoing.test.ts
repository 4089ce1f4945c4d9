/**
 * The conversation's view of the outbox (src/app/features/chat/outgoing.ts): a message given to
 * the outbox shows at once as waiting (spec §3 "wait for send"), as sent once the server
 * acknowledges it, and as failed (spec §3 "fail") when the server refuses it or it cannot be sent
 * at all — never as waiting for ever. The outbox is the real one, on a chat that answers here.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chatIdOf, provider } from '../../../../fixtures';
import { createEmitter } from '../../../../src/shared/emitter';
import { DIALOG_TYPE } from '../../../../src/shared/dialog-type';
import { StanzaError, XmppError, type DialogMessage } from '../../../../src/xmpp';
import { createChatOutbox, type OutboxChat } from '../../../../src/app/connections/chat/chat-outbox';
import { memoryOutboxStore } from '../../../../src/app/connections/chat/outbox-store';
import { createChatStore, type ChatStore } from '../../../../src/app/features/chat/chat-store';
import { wireOutgoing } from '../../../../src/app/features/chat/outgoing';

const amelia = provider('amelia').chatId;
const emma = chatIdOf('emma');
const DIALOG = '6a1f0c1a2b3c4d5e6f7a8b9c';

let store: ChatStore;
let acks: ReturnType<typeof createEmitter<{ acked: { id: string; to: string } }>>;
let bounces: ReturnType<typeof createEmitter<{ error: { id: string; error: StanzaError } }>>;
let memberKnown: boolean;
let outbox: ReturnType<typeof createChatOutbox>;

beforeEach(() => {
  store = createChatStore(() => undefined);
  store.setMe(amelia);
  acks = createEmitter();
  bounces = createEmitter();
  memberKnown = true;
  const chat = {
    isConnected: true,
    transport: 'websocket',
    session: { on: acks.on },
    messages: {
      on: bounces.on,
      sendToDialog: (_dialog: unknown, message: DialogMessage) => {
        if (!memberKnown) throw new XmppError(`The private dialog ${DIALOG} has no known member to send to`);
        return message.id!;
      },
    },
    sendReadStatus: () => 'marker',
  } as unknown as OutboxChat;
  outbox = createChatOutbox({ store: memoryOutboxStore(), owner: amelia, tab: 'tab-a', chat, now: Date.now });
  wireOutgoing(store, { me: amelia, outbox });
});

const give = (id: string) =>
  outbox.give({
    kind: 'message',
    dialog: { id: DIALOG, type: DIALOG_TYPE.private, memberId: emma },
    message: { id, body: `Hello Emma (${id})` },
  });
const shown = (id: string) => store.state.conversations[DIALOG]?.entries.find((e) => e.id === id);

describe('the conversation shows what the outbox tells', () => {
  it('a message waits until the server acknowledges it, then shows as sent', () => {
    give('m1');
    expect(shown('m1')).toMatchObject({ body: 'Hello Emma (m1)', onServer: false, failed: false });
    expect(store.state.dialogs[DIALOG]?.lastMessage).toBe('Hello Emma (m1)');
    acks.emit('acked', { id: 'm1', to: `${emma}-1001@localhost` });
    expect(shown('m1')).toMatchObject({ onServer: true, failed: false });
  });

  it('a message the server refuses shows failed', () => {
    give('m2');
    bounces.emit('error', { id: 'm2', error: new StanzaError({ condition: 'not-acceptable', id: 'm2' }) });
    expect(shown('m2')).toMatchObject({ onServer: false, failed: true });
  });

  it('a message that cannot be sent at all shows failed, not waiting for ever', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    memberKnown = false;
    give('m3');
    expect(shown('m3')).toMatchObject({ onServer: false, failed: true });
    warn.mockRestore();
  });
});
