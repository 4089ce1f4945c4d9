/**
 * The call screens' rules of spec §4 "Call" and §8 against the controller, over scripted call
 * clients (tests/unit/webrtc/scripted.ts): a ring is shown only when its caller is the sender and
 * the provider its one opponent, anything else is refused (issue 27: nobody joins a call in secret);
 * during another call a ring is rejected as busy (wire §20.5); only a member with a relation to the
 * provider rings, anyone else is shown as not one of her clients; Refuse rejects and shows 'Call
 * ended'; an invalid event of the call ends it; the ring tone stops on an answer, a refusal, the
 * caller's hang-up and the answer time; missing ids are logged only; a page left with a call on
 * hangs it up, one left while a ring only rings answers nothing. The controller runs
 * with test effects (test-call-effects.ts): nothing of ours is mocked.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallType, createFakeClock, encodeSignal, SignalType, WEBRTC_MODULE } from '../../../../src/webrtc';
import { createCallBridge, type ChatRuntime } from '../../../../src/app/connections';
import {
  createCallController,
  type CallController,
} from '../../../../src/app/features/calls/call-controller';
import type { CallState } from '../../../../src/app/features/calls/call-store';
import { encodeExtraParams } from '../../../../src/xmpp';
import { fakeStream, party, signalNetwork } from '../../webrtc/scripted';
import { testCallEffects, type TestCallEffects } from './test-call-effects';

const TURN = { urls: ['turn:turn.example:3478'], username: '2000000000:10', credential: 'fresh' };

const ME = 10;
const MEMBER = 20;
const OTHER = 30;
const STRANGER = 40;

let network: ReturnType<typeof signalNetwork>;
let clock: ReturnType<typeof createFakeClock>;
let effects: TestCallEffects;
let calls: CallController;
let callStore: CallState;
let stop: () => void;
let bridge: ReturnType<typeof createCallBridge>;

/** The provider's chat: call signals through the network, the call's record in the chat kept. */
function chatRuntime(): ChatRuntime {
  return {
    me: ME,
    // The chat answers its ping at once (wire §20.4 step 2).
    modules: { ...network.join(ME), ensureConnected: () => Promise.resolve() },
    own: { send: () => 'own', on: () => () => undefined },
    service: { dialogs: { create: () => Promise.resolve({ _id: 'dialog-ruth' }) } },
  } as unknown as ChatRuntime;
}

beforeEach(() => {
  network = signalNetwork();
  clock = createFakeClock(1_000_000);
  effects = testCallEffects({ strangers: new Set([STRANGER]), iceServers: [TURN], clock });
  bridge = createCallBridge();
  calls = createCallController({ bridge, effects });
  callStore = calls.store.state;
  // The runtime wires the bridge's ring listener to the chat; the controller listens through it.
  const runtime = chatRuntime();
  const unwire = bridge.ringPlugin.wire!(runtime);
  const stopCalls = calls.start(runtime);
  stop = () => {
    stopCalls();
    unwire();
  };
});
afterEach(() => {
  stop();
  vi.restoreAllMocks();
});
const refuse = () => calls.refuse();
const accept = () => calls.accept();
const resetCall = () => calls.store.resetCall();

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('incoming calls (spec §4 Call)', () => {
  it('shows the overlay for a ring with exactly one opponent', async () => {
    const member = party(network, MEMBER);
    await member.calls.createSession([ME], CallType.VIDEO).call(fakeStream());
    expect(callStore.screen).toBe('ringing');
    expect(callStore.opponentId).toBe(MEMBER);
  });

  it('refuses a ring with two opponents, and answers nobody of it afterwards', async () => {
    const member = party(network, MEMBER);
    const session = member.calls.createSession([ME, OTHER], CallType.VIDEO);
    await session.call(fakeStream());
    expect(network.of('call', ME)).toHaveLength(1);
    expect(callStore.screen).toBe('idle');
    expect(network.of('reject', MEMBER)).toHaveLength(1);
    // The other member calls into the same session: nobody answers her.
    const other = party(network, OTHER);
    await tick();
    network.deliver(OTHER, ME, network.of('call', OTHER)[0]!.extraParams);
    expect(network.of('accept', OTHER).filter((s) => s.from === ME)).toHaveLength(0);
    expect(callStore.screen).toBe('idle');
    other.calls.dispose();
  });

  it('shows nothing for a ring whose callerID is not its sender or whose opponent is someone else', async () => {
    const member = party(network, MEMBER);
    // Issue 27: one opponent, another member, sent to the provider.
    await member.calls.createSession([OTHER], CallType.VIDEO).call(fakeStream());
    network.deliver(MEMBER, ME, network.of('call', OTHER)[0]!.extraParams);
    // A ring naming someone else as its caller.
    network.deliver(
      OTHER,
      ME,
      encodeExtraParams(
        encodeSignal({
          signalType: SignalType.CALL,
          sessionId: 'ghost',
          callType: CallType.VIDEO,
          callerId: MEMBER,
          opponentIds: [ME],
          sdp: 'v=0',
          userInfo: {},
        }),
        WEBRTC_MODULE,
      ),
    );
    await tick();
    expect(callStore.screen).toBe('idle');
    expect(network.of('accept')).toHaveLength(0);
    // A real ring is still shown: nothing was left ringing to make it busy.
    await party(network, OTHER).calls.createSession([ME], CallType.VIDEO).call(fakeStream());
    expect(callStore.screen).toBe('ringing');
    expect(callStore.opponentId).toBe(OTHER);
  });

  it('rings for one of her clients; a stranger is shown as such, without the notification', async () => {
    await party(network, MEMBER).calls.createSession([ME], CallType.VIDEO).call(fakeStream());
    await vi.waitFor(() => expect(effects.notified).toEqual(['Ruth Member']), { timeout: 30_000 });
    expect(callStore.stranger).toBe(false);
    refuse();
    resetCall();
    await party(network, STRANGER).calls.createSession([ME], CallType.VIDEO).call(fakeStream());
    expect(callStore.screen).toBe('ringing');
    await vi.waitFor(() => expect(callStore.stranger).toBe(true), { timeout: 30_000 });
    expect(effects.notified).toEqual(['Ruth Member']);
  });

  it('during a call, a second ring is rejected as busy and the overlay does not show', async () => {
    const member = party(network, MEMBER);
    await member.calls.createSession([ME], CallType.VIDEO).call(fakeStream());
    await accept();
    expect(callStore.screen).toBe('connecting');
    const other = party(network, OTHER, {}, createFakeClock(1_000_000));
    await other.calls.createSession([ME], CallType.VIDEO).call(fakeStream());
    expect(network.of('reject', OTHER)).toHaveLength(1);
    expect(callStore.screen).toBe('connecting');
    expect(callStore.opponentId).toBe(MEMBER);
  });

  it('accepts with TURN credentials fetched for this call (issue 27: they end with the session)', async () => {
    const member = party(network, MEMBER);
    await member.calls.createSession([ME], CallType.VIDEO).call(fakeStream());
    await accept();
    expect(effects.links().last().options.iceServers).toEqual([TURN]);
    calls.leave();
  });

  it("Refuse rejects and shows 'Call ended'", async () => {
    const member = party(network, MEMBER);
    await member.calls.createSession([ME], CallType.VIDEO).call(fakeStream());
    refuse();
    expect(network.of('reject', MEMBER)).toHaveLength(1);
    expect(callStore.screen).toBe('ended');
    expect(callStore.endReason).toBe('ended');
  });

  it('an invalid event of the call ends it', async () => {
    const member = party(network, MEMBER);
    const session = member.calls.createSession([ME], CallType.VIDEO);
    await session.call(fakeStream());
    expect(callStore.screen).toBe('ringing');
    // An accept for a call that rings here is not valid (wire §20.5): the callee cannot be accepted.
    network.deliver(
      MEMBER,
      ME,
      encodeExtraParams(
        encodeSignal({
          signalType: SignalType.ACCEPT,
          sessionId: session.id,
          callType: CallType.VIDEO,
          callerId: MEMBER,
          opponentIds: [ME],
          sdp: 'v=0',
          userInfo: {},
        }),
        WEBRTC_MODULE,
      ),
    );
    expect(callStore.screen).toBe('ended');
  });
});

describe('the ring tone (issue 26: it stops on answer, refusal and time-out)', () => {
  const ringing = () => effects.rings.filter((r) => !r.stopped).length;

  it('rings once for a ring and stops when she accepts', async () => {
    await party(network, MEMBER).calls.createSession([ME], CallType.VIDEO).call(fakeStream());
    expect(effects.rings).toHaveLength(1);
    expect(ringing()).toBe(1);
    await accept();
    expect(ringing()).toBe(0);
    calls.leave();
  });

  it('stops when she refuses', async () => {
    await party(network, MEMBER).calls.createSession([ME], CallType.VIDEO).call(fakeStream());
    expect(ringing()).toBe(1);
    refuse();
    expect(ringing()).toBe(0);
  });

  it('stops when the caller hangs up before she answers', async () => {
    const session = party(network, MEMBER).calls.createSession([ME], CallType.VIDEO);
    await session.call(fakeStream());
    expect(ringing()).toBe(1);
    session.stop();
    await vi.waitFor(() => expect(ringing()).toBe(0), { timeout: 30_000 });
  });

  it('stops when nobody answers within the answer time (60 s, wire §20.5)', async () => {
    await party(network, MEMBER).calls.createSession([ME], CallType.VIDEO).call(fakeStream());
    expect(ringing()).toBe(1);
    clock.advance(59_000);
    expect(ringing()).toBe(1);
    clock.advance(2_000);
    await vi.waitFor(() => expect(ringing()).toBe(0), { timeout: 30_000 });
    expect(callStore.screen).not.toBe('ringing');
  });
});

describe('placing calls (spec §8)', () => {
  it('a call without the client chat id is logged only', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await calls.dial(chatRuntime(), {
      opponentId: Number.NaN,
      media: 'video',
    });
    await tick();
    expect(warn).toHaveBeenCalled();
    expect(effects.toasts).toEqual([]);
    expect(callStore.screen).toBe('idle');
    expect(network.sent).toHaveLength(0);
  });
});

describe('leaving the page (docs/calls.md "Leaving the page")', () => {
  it('hangs up a call she answered, so the member need not wait for the connection to time out', async () => {
    const member = party(network, MEMBER);
    await member.calls.createSession([ME], CallType.VIDEO).call(fakeStream());
    await accept();
    bridge.ringPlugin.pageLeft!();
    expect(network.of('hangUp', MEMBER)).toHaveLength(1);
    expect(callStore.screen).toBe('ended');
  });

  it('leaves a ring that only rings here to the other tabs and the answer time', async () => {
    const member = party(network, MEMBER);
    await member.calls.createSession([ME], CallType.VIDEO).call(fakeStream());
    bridge.ringPlugin.pageLeft!();
    expect(network.of('reject', MEMBER)).toEqual([]);
    expect(network.of('hangUp', MEMBER)).toEqual([]);
    expect(callStore.screen).toBe('ringing');
  });

  it('sends nothing without a call', () => {
    bridge.ringPlugin.pageLeft!();
    expect(network.of('hangUp')).toEqual([]);
  });
});
