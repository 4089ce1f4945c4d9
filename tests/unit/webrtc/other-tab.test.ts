/**
 * A call rings in every tab of a browser and is answered in one (docs/architecture.md §3 "One chat
 * connection per browser"): the tabs share one chat connection, so each hears the signals the
 * others send; a ring answered or refused elsewhere closes here without a signal of its own.
 */
import { describe, expect, it } from 'vitest';
import { CallType, SessionState, type CallEvents } from '../../../src/webrtc';
import { fakeStream, party, signalNetwork } from './scripted';
import { createFakeClock } from '../../../src/webrtc';

const MEMBER = 101;
const PROVIDER = 202;

function ringTwoTabs() {
  const network = signalNetwork();
  const clock = createFakeClock(1_000_000);
  const member = party(network, MEMBER, {}, clock);
  const tabs = [party(network, PROVIDER, {}, clock), party(network, PROVIDER, {}, clock)] as const;
  const rings = tabs.map(() => [] as CallEvents['call'][]);
  const settled = tabs.map(() => [] as CallEvents['settledElsewhere'][]);
  tabs.forEach((tab, i) => {
    tab.calls.on('call', (e) => rings[i]!.push(e));
    tab.calls.on('settledElsewhere', (e) => settled[i]!.push(e));
  });
  return { network, clock, member, tabs, rings, settled };
}

describe('a call in two tabs of one browser', () => {
  it('rings in both; answered in one, the other stops ringing quietly', async () => {
    const { network, clock, member, rings, settled } = ringTwoTabs();
    const call = member.calls.createSession([PROVIDER], CallType.VIDEO);
    await call.call(fakeStream());
    expect(rings.map((r) => r.length)).toEqual([1, 1]);
    await rings[0]![0]!.session.accept(fakeStream());
    const other = rings[1]![0]!.session;
    expect(settled[1]).toEqual([{ session: other, how: 'accepted' }]);
    expect(settled[0]).toEqual([]);
    expect(other.state).toBe(SessionState.CLOSED);
    expect(rings[0]![0]!.session.state).toBe(SessionState.ACTIVE);
    // The other tab never answers for itself, now or when its answer time would have run out.
    clock.advance(120_000);
    expect(network.of('accept', MEMBER)).toHaveLength(1);
    expect(network.of('reject', MEMBER)).toHaveLength(0);
    expect(network.of('hangUp', MEMBER)).toHaveLength(0);
    // A repeated ring of the answered call does not ring there again.
    expect(rings[1]).toHaveLength(1);
  });

  it('refused in one, the other stops ringing too', async () => {
    const { member, tabs, rings, settled, network } = ringTwoTabs();
    const call = member.calls.createSession([PROVIDER], CallType.AUDIO);
    await call.call(fakeStream());
    rings[1]![0]!.session.reject();
    expect(settled[0]).toEqual([{ session: rings[0]![0]!.session, how: 'refused' }]);
    expect(rings[0]![0]!.session.state).toBe(SessionState.CLOSED);
    expect(network.of('reject', MEMBER)).toHaveLength(1);
    expect(tabs[0].calls.sessions.size).toBe(1);
  });
});
