/**
 * The call's record in the chat (docs/calls.md "Call records in the chat", issue 26) from the
 * controller, over scripted call clients (tests/unit/webrtc/scripted.ts) and the real
 * call-chat.ts: 'Canceled the call.' only when the provider hung up before an answer; a refusal
 * records 'declined', a busy line 'busy', the answer time running out 'missed'; a ring the
 * provider refused records nothing on her side (the caller records it). The controller runs with
 * test effects (test-call-effects.ts): nothing of ours is mocked.
 */
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CallType, createFakeClock, type FakeClock } from '../../../../src/webrtc';
import { createCallBridge, type ChatRuntime } from '../../../../src/app/connections';
import {
  createCallController,
  type CallController,
} from '../../../../src/app/features/calls/call-controller';
import type { CallState } from '../../../../src/app/features/calls/call-store';
import { ownMessages } from '../../../../src/app/connections/chat/own-messages';
import type { OutgoingMessage } from '../../../../src/xmpp';
import { createAddressing } from '../../../../src/xmpp/addressing/jids';
import { dialogMessage } from '../../../../src/xmpp/messages/build';
import { fakeStream, party, signalNetwork } from '../../webrtc/scripted';
import enCalls from '../../../../src/app/i18n/locales/en/calls.json';
import { testCallEffects } from './test-call-effects';

await i18next.init({ lng: 'en', resources: { en: { calls: enCalls } } });

const ME = 10;
const MEMBER = 20;
const OTHER = 30;
const addressing = createAddressing('chat.test', 1);

let network: ReturnType<typeof signalNetwork>;
let runtime: ChatRuntime;
let sent: Array<{ to: number; message: OutgoingMessage }>;
let stop: () => void;
let clock: FakeClock;
let calls: CallController;
let bridge: ReturnType<typeof createCallBridge>;
let callStore: CallState;

beforeEach(() => {
  clock = createFakeClock(1_000_000);
  bridge = createCallBridge();
  calls = createCallController({ bridge, effects: testCallEffects({ clock }) });
  callStore = calls.store.state;
  network = signalNetwork();
  sent = [];
  let ids = 0;
  const chat = {
    jid: `${ME}-1@chat.test/portal`,
    userId: ME,
    helpers: { newMessageId: () => `record${++ids}`, userJid: (id: number) => `${id}-1@chat.test` },
  } as unknown as ChatRuntime['chat'];
  runtime = {
    me: ME,
    // The chat answers its ping at once (wire §20.4 step 2).
    modules: { ...network.join(ME), ensureConnected: () => Promise.resolve() },
    chat,
    // The real own messages: the record goes into the outbox, addressed as the outbox sends it.
    own: ownMessages(chat, {
      give(item) {
        if (item.kind !== 'message') return;
        const { to, message } = dialogMessage(item.dialog, item.message, addressing);
        sent.push({ to: to as number, message });
      },
    }),
    service: { dialogs: { create: () => Promise.resolve({ _id: 'dialog-ruth' }) } },
  } as unknown as ChatRuntime;
  // The runtime wires the bridge's ring listener to the chat; the controller listens through it.
  const unwire = bridge.ringPlugin.wire!(runtime);
  const stopCalls = calls.start(runtime);
  stop = () => {
    stopCalls();
    unwire();
  };
});
afterEach(() => {
  stop();
});

/** Lets the promises of the dial (media, ICE servers, the dialog) and of the record settle. */
const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

async function dialMember() {
  await calls.dial(runtime, { opponentId: MEMBER, media: 'video' });
  await settle();
}

describe("the call's record in the chat", () => {
  it("a refused call records 'declined', not 'Canceled the call.'", async () => {
    const member = party(network, MEMBER);
    member.calls.on('call', ({ session }) => session.reject());
    await dialMember();
    expect(callStore.endReason).toBe('declined');
    expect(sent).toHaveLength(1);
    const { to, message } = sent[0]!;
    expect(to).toBe(MEMBER);
    expect(message.body).not.toBe('Canceled the call.');
    expect(message.body).toBe('Declined.');
    expect(message.extension).toMatchObject({
      save_to_history: 1,
      dialog_id: 'dialog-ruth',
      conferenceType: '1',
      callOutcome: 'declined',
    });
    expect(message.extension).not.toHaveProperty('callSeconds');
  });

  it("a busy line records 'busy'", async () => {
    // The member is already ringing for someone else: her client refuses ours automatically (wire §20.5).
    const member = party(network, MEMBER);
    await party(network, OTHER).calls.createSession([MEMBER], CallType.AUDIO).call(fakeStream());
    await dialMember();
    expect(callStore.endReason).toBe('busy');
    expect(sent.map((s) => s.message.extension?.callOutcome)).toEqual(['busy']);
    expect(sent[0]!.message.body).toBe('Line busy. Call not received.');
    member.calls.dispose();
  });

  it("the answer time running out records 'missed'", async () => {
    party(network, MEMBER);
    await dialMember();
    clock.advance(60_000);
    await settle();
    expect(callStore.endReason).toBe('noAnswer');
    expect(sent.map((s) => s.message.extension?.callOutcome)).toEqual(['missed']);
  });

  it("'Leave' before an answer is the one case of 'Canceled the call.'", async () => {
    party(network, MEMBER);
    await dialMember();
    calls.leave();
    await settle();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.message.body).toBe('Canceled the call.');
    expect(sent[0]!.message.extension?.callOutcome).toBe('canceled');
  });

  it('a page left while her call rings hangs up and hands the record over at once, before the chat lets go', async () => {
    // The provider's call rings at the member; her page is then left (docs/calls.md "Leaving the page").
    party(network, MEMBER);
    await dialMember();
    expect(callStore.screen).toBe('dialing');
    bridge.ringPlugin.pageLeft!();
    // No turn of the event loop in between: the record is already with the chat's outbox.
    expect(sent.map((s) => s.message.extension?.callOutcome)).toEqual(['canceled']);
    expect(network.of('hangUp', MEMBER)).toHaveLength(1);
  });

  it('a ring the provider refused records nothing on her side', async () => {
    const member = party(network, MEMBER);
    await member.calls.createSession([ME], CallType.VIDEO).call(fakeStream());
    expect(callStore.screen).toBe('ringing');
    calls.refuse();
    await settle();
    expect(sent).toEqual([]);
  });
});
