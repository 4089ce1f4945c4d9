/**
 * The incoming-call overlay and the call window (spec §4 Call, §8 call messages;
 * features/calls/incoming-overlay.tsx, call-window.tsx, call-dialogs.tsx) against a test portal
 * runtime: a member's ring arrives through the runtime's call bridge to a call controller with test
 * effects (tests/unit/app/calls/test-call-effects.ts) over scripted call clients. The overlay names
 * the caller; Hand up refuses and the window says 'Call ended'; Accept opens the window (the layout
 * is told) with the own view of the one camera stream the call holds, Leave asks first and then
 * hangs up, and the camera goes with the call; the window takes focus when it opens or is zoomed
 * in again (docs/conventions.md "Accessibility"); a stranger is named as not one of her clients.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatRuntime } from '../../src/app/connections';
import { createCallController, type CallController } from '../../src/app/features/calls/call-controller';
import { CallDialogs } from '../../src/app/features/calls/call-dialogs';
import { CallWidget } from '../../src/app/features/calls/call-widget';
import { CallWindow } from '../../src/app/features/calls/call-window';
import { CallsContext } from '../../src/app/features/calls/calls-context';
import { IncomingOverlay } from '../../src/app/features/calls/incoming-overlay';
import { CallType } from '../../src/webrtc';
import { fakeStream, party, signalNetwork } from '../unit/webrtc/scripted';
import { testCallEffects } from '../unit/app/calls/test-call-effects';
import { createTestRuntime, renderWithRuntime, type TestRuntime } from './test-runtime';

const ME = 100010;
const MEMBER = 200005;
const STRANGER = 200099;

let network: ReturnType<typeof signalNetwork>;
let runtime: TestRuntime;
let calls: CallController;
let stop: () => void;

beforeEach(() => {
  network = signalNetwork();
  runtime = createTestRuntime();
  const chat = {
    ...runtime.signInChat(ME),
    // The chat answers its ping at once (wire §20.4 step 2).
    modules: { ...network.join(ME), ensureConnected: () => Promise.resolve() },
    own: { send: () => 'own', on: () => () => undefined },
    service: { dialogs: { create: () => Promise.resolve({ _id: 'dialog-emma' }) } },
  } as unknown as ChatRuntime;
  const unwire = runtime.calls.ringPlugin.wire!(chat);
  calls = createCallController({
    bridge: runtime.calls,
    // The portal's words, as the screens show them.
    effects: {
      ...testCallEffects({ strangers: new Set([STRANGER]) }),
      t: (key, values) => i18next.t(key, values),
      // Camera and microphone the page's <video> takes: scripted tracks in the page's MediaStream type.
      openMedia: () => Promise.resolve(Object.setPrototypeOf(fakeStream(), MediaStream.prototype)),
    },
  });
  const stopCalls = calls.start(chat);
  stop = () => {
    stopCalls();
    unwire();
  };
  renderWithRuntime(
    <CallsContext.Provider value={calls}>
      <IncomingOverlay />
      <CallWindow />
      <CallWidget />
      <CallDialogs />
    </CallsContext.Provider>,
    runtime,
  );
});
afterEach(() => stop());

/** A member rings the provider (video); her session. */
async function ring(from = MEMBER) {
  const session = party(network, from).calls.createSession([ME], CallType.VIDEO);
  await session.call(fakeStream());
  return session;
}

describe('the incoming-call overlay and the call window', () => {
  it('names the caller; Hand up refuses the ring and the window says Call ended', async () => {
    await ring();
    const overlay = await screen.findByRole('alertdialog', { name: 'Ruth Member' });
    expect(overlay.textContent).toContain('Invites you to online call...');
    fireEvent.click(screen.getByRole('button', { name: 'Hand up' }));
    expect(network.of('reject', MEMBER)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const window = await screen.findByRole('region', { name: 'Call with Ruth Member' });
    expect(window.querySelector('[role="status"]')?.textContent).toBe('Call ended');
  });

  it('Accept opens the window for the layout; Leave asks first, then hangs up', async () => {
    await ring();
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    const window = await screen.findByRole('region', { name: 'Call with Ruth Member' });
    expect(window.querySelector('[role="status"]')?.textContent).toBe('Connecting');
    expect(runtime.calls.get().window).toBe('open');
    // The answer went out (media opened, ICE servers fetched).
    await waitFor(() => expect(network.of('accept', MEMBER)).toHaveLength(1));
    // The own view shows the camera the call holds: the one stream its session was handed too.
    const own = (await screen.findByTestId('own-video')) as HTMLVideoElement;
    expect(calls.localStream()).not.toBeNull();
    expect(own.srcObject).toBe(calls.localStream());
    expect(calls.current()?.session.localStream).toBe(calls.localStream());
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    // The confirm's dialog code loads on first use (components/lazy-dialog.tsx).
    const confirm = await screen.findByRole('dialog', { name: 'Tips' }, { timeout: 20_000 });
    expect(network.of('hangUp', MEMBER)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(network.of('hangUp', MEMBER)).toHaveLength(1);
    await waitFor(() => expect(window.querySelector('[role="status"]')?.textContent).toBe('Call ended'));
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    // The camera went with the call: nothing holds it, the own view is gone.
    expect(calls.localStream()).toBeNull();
    expect(screen.queryByTestId('own-video')).toBeNull();
  });

  it('gives the window focus, on its heading, when Accept opens it and when Zoom in brings it back', async () => {
    await ring();
    const accept = await screen.findByRole('button', { name: 'Accept' });
    accept.focus();
    // Enter on a button is a click with no pointer (detail 0).
    fireEvent.click(accept, { detail: 0 });
    const window = await screen.findByRole('region', { name: 'Call with Ruth Member' });
    const heading = within(window).getByRole('heading', { name: 'Ruth Member' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    fireEvent.keyDown(heading, { key: 'Escape' });
    const widget = await screen.findByRole('region', { name: 'Call with Ruth Member, minimised' });
    const zoomIn = within(widget).getByRole('button', { name: 'Zoom in' });
    zoomIn.focus();
    fireEvent.click(zoomIn, { detail: 0 });
    const again = await screen.findByRole('heading', { name: 'Ruth Member' });
    await waitFor(() => expect(document.activeElement).toBe(again));
  });

  it('names a stranger as not one of her clients', async () => {
    await ring(STRANGER);
    expect(
      await screen.findByText('Not one of your clients: no consultation, report or conversation with you.'),
    ).toBeTruthy();
  });
});
