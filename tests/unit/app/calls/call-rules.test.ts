/**
 * The call screens' rules of spec §4 "Call" and §8 against the controller, over scripted call
 * clients (tests/unit/webrtc/scripted.ts): a ring is shown only when its caller is the sender and
 * the provider its one opponent, anything else is refused (issue 27: nobody joins a call in secret);
 * during another call a ring is rejected as busy (wire §20.5); only a member with a relation to the
 * provider rings, anyone else is shown as not one of her clients; Refuse rejects and shows 'Call
 * ended'; an invalid event of the call ends it; missing ids are logged only.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallType, createFakeClock, encodeSignal, SignalType, WEBRTC_MODULE } from '../../../../src/webrtc';
import { createCallClientWith } from '../../../../src/webrtc/client/call-client';
import type { ChatRuntime } from '../../../../src/app/connections';
import { encodeExtraParams } from '../../../../src/xmpp';
import { fakeStream, party, scriptedLinks, signalNetwork } from '../../webrtc/scripted';

const toasts = vi.hoisted(() => [] as string[]);
const notified = vi.hoisted(() => [] as string[]);
/** Chat ids the provider has no consultation, report or dialog with: the lookup answers NOT_FOUND. */
const strangers = vi.hoisted(() => new Set([40]));

const portalLinks = vi.hoisted(() => ({ last: null as null | ReturnType<typeof scriptedLinks> }));
const TURN = vi.hoisted(() => ({
  urls: ['turn:turn.example:3478'],
  username: '2000000000:10',
  credential: 'fresh',
}));

vi.mock('../../../../src/webrtc/browser', async () => {
  const actual = await vi.importActual<object>('../../../../src/webrtc');
  return {
    ...actual,
    browserDetails: { browser: 'chrome' },
    createCallClient: (options: Parameters<typeof createCallClientWith>[0]) => {
      portalLinks.last = scriptedLinks();
      return createCallClientWith(options, portalLinks.last.create);
    },
  };
});
vi.mock('../../../../src/app/connections', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  callCarrier: (runtime: ChatRuntime) => runtime.modules,
}));
vi.mock('../../../../src/app/api/domain-calls', () => ({
  callCalls: {
    iceServers: () => Promise.resolve({ iceServers: [TURN], expiresAt: '2033-05-18T03:33:20.000Z' }),
  },
  chatCalls: {
    clientByChatId: (id: number) =>
      strangers.has(id)
        ? Promise.reject(new Error('NOT_FOUND'))
        : Promise.resolve({ name: 'Ruth Member', avatar: null }),
  },
}));
vi.mock('../../../../src/app/components/toast-store', () => ({
  showToast: (text: string) => toasts.push(text),
}));
vi.mock('../../../../src/app/features/calls/call-devices', () => ({
  openCallMedia: () => Promise.resolve(fakeStream()),
  stopStream: () => undefined,
}));
vi.mock('../../../../src/app/features/calls/call-notification', () => ({
  notifyIncomingCall: (title: string) => {
    notified.push(title);
    return () => undefined;
  },
}));
vi.mock('../../../../src/app/features/calls/call-ringer', () => ({
  startRinging: () => ({ silence: () => undefined, stop: () => undefined }),
}));
vi.mock('../../../../src/app/features/calls/call-chat', () => ({
  sendEndMessage: () => Promise.resolve(),
}));
vi.mock('../../../../src/app/features/calls/screen-share', () => ({ stopSharing: () => undefined }));

const { startCalls, refuse, accept, dial } =
  await import('../../../../src/app/features/calls/call-controller');
const { callStore, resetCall } = await import('../../../../src/app/features/calls/call-store');

const ME = 10;
const MEMBER = 20;
const OTHER = 30;
const STRANGER = 40;

let network: ReturnType<typeof signalNetwork>;
let stop: () => void;

beforeEach(() => {
  network = signalNetwork();
  const runtime = { me: ME, modules: network.join(ME) } as unknown as ChatRuntime;
  stop = startCalls(runtime);
  toasts.length = 0;
  notified.length = 0;
});
afterEach(() => {
  stop();
  resetCall();
  vi.restoreAllMocks();
});

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
    await vi.waitFor(() => expect(notified).toEqual(['Ruth Member']));
    expect(callStore.stranger).toBe(false);
    refuse();
    resetCall();
    await party(network, STRANGER).calls.createSession([ME], CallType.VIDEO).call(fakeStream());
    expect(callStore.screen).toBe('ringing');
    await vi.waitFor(() => expect(callStore.stranger).toBe(true));
    expect(notified).toEqual(['Ruth Member']);
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
    expect(portalLinks.last!.last().options.iceServers).toEqual([TURN]);
    resetCall();
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

describe('placing calls (spec §8)', () => {
  it('a call without the client chat id is logged only', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await dial({ me: ME, modules: network.join(ME) } as unknown as ChatRuntime, {
      opponentId: Number.NaN,
      media: 'video',
    });
    await tick();
    expect(warn).toHaveBeenCalled();
    expect(toasts).toEqual([]);
    expect(callStore.screen).toBe('idle');
    expect(network.sent).toHaveLength(0);
  });
});
