/**
 * Wire §20.4 step 2: `call` pings the chat first and, when the ping fails, reconnects and waits
 * for the reconnect before the first `call` signal goes out (docs/calls.md "Differences").
 */
import { describe, expect, it } from 'vitest';
import { CallType, createFakeClock, SessionState, type SignalCarrier } from '../../../src/webrtc';
import { fakeStream, party, signalNetwork } from './scripted';

const A = 101;
const B = 202;

function gatedCarrier(network: ReturnType<typeof signalNetwork>, userId: number) {
  let open!: () => void;
  let fail!: (error: Error) => void;
  let asked = 0;
  const gate = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  const carrier: SignalCarrier = {
    ...network.join(userId),
    ensureConnected: () => {
      asked++;
      return gate;
    },
  };
  return { carrier, open, fail, asked: () => asked };
}

describe('ping before dialing (wire §20.4 step 2)', () => {
  it('sends no call until the chat is back, then dials', async () => {
    const network = signalNetwork();
    const gated = gatedCarrier(network, A);
    const a = party(network, A, { carrier: gated.carrier }, createFakeClock(1_000_000));
    party(network, B, {}, a.clock);
    const session = a.calls.createSession([B], CallType.VIDEO);
    const calling = session.call(fakeStream());
    expect(gated.asked()).toBe(1);
    expect(session.state).toBe(SessionState.ACTIVE);
    await Promise.resolve();
    a.clock.advance(10_000);
    expect(network.of('call')).toHaveLength(0);
    gated.open();
    await calling;
    expect(network.of('call', B)).toHaveLength(1);
  });

  it('stops the call and reports the error when the chat does not come back', async () => {
    const network = signalNetwork();
    const gated = gatedCarrier(network, A);
    const a = party(network, A, { carrier: gated.carrier });
    const errors: Error[] = [];
    a.calls.on('error', (e) => errors.push(e.error));
    const session = a.calls.createSession([B], CallType.VIDEO);
    const calling = session.call(fakeStream());
    gated.fail(new Error('Status.AUTHFAIL'));
    await calling;
    expect(errors.map((e) => e.message)).toEqual(['Status.AUTHFAIL']);
    expect(session.state).toBe(SessionState.CLOSED);
    expect(network.sent).toHaveLength(0);
  });

  it('dials nobody when the caller hangs up while the chat comes back', async () => {
    const network = signalNetwork();
    const gated = gatedCarrier(network, A);
    const a = party(network, A, { carrier: gated.carrier });
    const session = a.calls.createSession([B], CallType.VIDEO);
    const calling = session.call(fakeStream());
    session.stop();
    gated.open();
    await calling;
    expect(network.sent).toHaveLength(0);
    expect(session.state).toBe(SessionState.CLOSED);
  });
});
