/**
 * The member simulator's calls (issue 13 "A member who answers") against the real stack: a
 * provider's `src/webrtc` client in Node calls the simulator process, which answers after
 * `--answer-after-ms` with its test pattern and tone; frames are counted on both sides; the
 * provider hangs up. With `--reject` it declines, with `--busy` the call client's busy rule
 * rejects (docs/wire/hosted-chat.md §20.5).
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { member } from '../../fixtures';
import { CallType, SessionState } from '../../src/webrtc';
import { providerCalls, untilCount, type ProviderCalls } from '../support/call-peers';
import { startMember, type RunningMember } from '../support/member-simulator';

const stack = inject('stack');
const fatima = member('fatima');
let dana: ProviderCalls;
let sim: RunningMember | null = null;

beforeAll(async () => {
  dana = await providerCalls(stack, 'dana');
});

afterEach(async () => {
  await sim?.stop();
  sim = null;
});

afterAll(async () => {
  await dana?.close();
});

describe('the member simulator in a call', () => {
  it('answers after --answer-after-ms; video flows both ways; it sees the hang-up', async () => {
    sim = await startMember(stack.url, 'fatima', { args: ['--answer-after-ms', '500'] });
    const session = dana.calls.createSession([fatima.chatId], CallType.VIDEO);
    const accepted = new Promise((resolve) => session.on('accept', resolve));
    const { received } = dana.receive(session);
    const dialled = Date.now();
    await session.call(dana.media().stream);
    await sim.waitFor(/← video call from 100004/);
    await accepted;
    expect(Date.now() - dialled).toBeGreaterThanOrEqual(500);
    await sim.waitFor(/→ accepted the call from 100004/);
    const media = await received;
    await untilCount(() => media.videoFrames, 10, 'frames of the test pattern decoded by the provider');
    await untilCount(() => media.audioFrames, 50, 'audio frames of the tone received by the provider');
    expect(media.audioLevelDb).toBeGreaterThan(-40);
    await sim.waitFor(/received: [1-9]\d* video frames \(\d+×\d+/, 60_000);
    session.stop();
    await sim.waitFor(/← 100004 hung up/);
    const ended = await sim.waitFor(/Call \S+ ended after [\d.]+ s; (\d+) video frames received/);
    expect(Number(/; (\d+) video frames/.exec(ended)![1])).toBeGreaterThan(0);
  });

  it('declines with --reject', async () => {
    sim = await startMember(stack.url, 'fatima', { args: ['--reject', '--answer-after-ms', '200'] });
    const session = dana.calls.createSession([fatima.chatId], CallType.AUDIO);
    const rejected = new Promise((resolve) => session.on('reject', resolve));
    await session.call(dana.media(true).stream);
    await rejected;
    await sim.waitFor(/→ declined the call from 100004/);
    await expect.poll(() => session.state).toBe(SessionState.CLOSED);
  });

  it('rejects as busy with --busy, through the call client busy rule', async () => {
    sim = await startMember(stack.url, 'fatima', { args: ['--busy'] });
    const session = dana.calls.createSession([fatima.chatId], CallType.VIDEO);
    const rejected = new Promise((resolve) => session.on('reject', resolve));
    await session.call(dana.media().stream);
    await rejected;
    await sim.waitFor(/→ busy: rejected the call from 100004/);
  });
});
