/**
 * The call screens' rules of spec §4 "Call" and §8 against the controller, over scripted call
 * clients (tests/unit/webrtc/scripted.ts): a ring is shown only for exactly one opponent and is
 * ignored during another call (whose session auto-rejects it as busy, wire §20.5); Refuse
 * rejects and shows 'Call ended'; an invalid event of the call ends it; missing ids are logged only.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallType, createFakeClock, encodeSignal, SignalType, WEBRTC_MODULE } from '../../../../src/webrtc';
import { createCallClientWith } from '../../../../src/webrtc/client/call-client';
import type { ChatRuntime } from '../../../../src/app/connections';
import { encodeExtraParams } from '../../../../src/xmpp';
import { fakeStream, party, scriptedLinks, signalNetwork } from '../../webrtc/scripted';

const toasts = vi.hoisted(() => [] as string[]);

vi.mock('../../../../src/webrtc/browser', async () => {
  const actual = await vi.importActual<object>('../../../../src/webrtc');
  return {
    ...actual,
    browserDetails: { browser: 'chrome' },
    createCallClient: (options: Parameters<typeof createCallClientWith>[0]) =>
      createCallClientWith(options, scriptedLinks().create),
  };
});
vi.mock('../../../../src/app/connections', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  callCarrier: (runtime: ChatRuntime) => runtime.modules,
}));
vi.mock('../../../../src/app/api/domain-calls', () => ({
  chatCalls: { clientByChatId: () => Promise.resolve({ name: 'Ruth Member', avatar: null }) },
}));
vi.mock('../../../../src/app/components/toast-store', () => ({
  showToast: (text: string) => toasts.push(text),
}));
vi.mock('../../../../src/app/features/calls/call-devices', () => ({
  openCallMedia: () => Promise.resolve(fakeStream()),
  stopStream: () => undefined,
}));
vi.mock('../../../../src/app/features/calls/call-notification', () => ({
  notifyIncomingCall: () => () => undefined,
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

let network: ReturnType<typeof signalNetwork>;
let stop: () => void;

beforeEach(() => {
  network = signalNetwork();
  const runtime = { me: ME, modules: network.join(ME) } as unknown as ChatRuntime;
  stop = startCalls(runtime, []);
  toasts.length = 0;
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

  it('shows nothing for a ring with two opponents', async () => {
    const member = party(network, MEMBER);
    await member.calls.createSession([ME, OTHER], CallType.VIDEO).call(fakeStream());
    expect(network.of('call', ME)).toHaveLength(1);
    expect(callStore.screen).toBe('idle');
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
