/**
 * Issue 23: calls between the vendor's own SDK (its browser build with Chromium's fake camera and
 * microphone, tests/e2e/vendor-sdk-support.ts) as the member and Dr. Amelia Hart in the portal, on
 * a stack serving TLS. Both ways with the video's frames counted on both sides, Leave and the SDK's
 * stop; a refusal both ways ('Declined.' in the portal, 'Hand up' reaching the SDK as a reject);
 * and busy both ways — the SDK refuses a call while it is in another one, which the portal shows as
 * 'Line busy. Call not received.', and the portal refuses the SDK's call while it is in one
 * (docs/wire/hosted-chat.md §20, docs/calls.md).
 */
import { expect, test, type Page } from '@playwright/test';
import { member, provider } from '../../fixtures';
import type { TestStack } from '../support/stack';
import { leaveCall, statusShown } from './support';
import {
  ameliaWith,
  tlsStack,
  VENDOR_LAUNCH_OPTIONS,
  vendorMember,
  EVENT_WAIT,
  type VendorMember,
} from './vendor-sdk-support';

const amelia = provider('amelia');
const ava = member('ava');
const bianca = member('bianca');
let stack: TestStack;

test.use({ launchOptions: VENDOR_LAUNCH_OPTIONS });

test.beforeAll(async () => {
  stack = await tlsStack();
});

test.afterAll(async () => {
  await stack?.stop({ remove: true });
});

/** The member's remote video (the harness's `<video id="remote">`) and the portal's. */
const MEMBER_REMOTE_VIDEO = '#remote';
const PORTAL_REMOTE_VIDEO = '[data-testid="remote-video"]';
const NEW_FRAMES = 10;

/**
 * Resolves once the video at `selector` has a picture (a width) and has presented `NEW_FRAMES`
 * frames of distinct media times (requestVideoFrameCallback), however long the loaded machine
 * takes; a still or frozen picture never gets there, and the test runs out of time in this step.
 */
async function framesArrive(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (s) => ((document.querySelector(s) as HTMLVideoElement | null)?.videoWidth ?? 0) > 0,
    selector,
    EVENT_WAIT,
  );
  await page.locator(selector).evaluate(
    (video: HTMLVideoElement, wanted) =>
      new Promise<void>((resolve) => {
        const times = new Set<number>();
        const next = (_: number, frame: VideoFrameCallbackMetadata) => {
          times.add(frame.mediaTime);
          if (times.size === wanted) resolve();
          else video.requestVideoFrameCallback(next);
        };
        video.requestVideoFrameCallback(next);
      }),
    NEW_FRAMES,
  );
}

/** The member calls `to` with video, as the vendor's apps do; resolves with the session's id. */
const memberCalls = (who: VendorMember, to: number) =>
  who.sdk<string, number>((QB, opponent, done, sessions) => {
    const session = QB.webrtc.createNewSession([opponent], QB.webrtc.CallType.VIDEO);
    sessions[session.ID] = session;
    session.getUserMedia({ audio: true, video: true, elemId: 'local' }, (error: unknown) =>
      error ? done(error) : session.call({}, () => done(null, session.ID)),
    );
  }, to);

/** The member takes the call `sessionId` with camera and microphone. */
const memberAccepts = (who: VendorMember, sessionId: string) =>
  who.sdk<null, string>((_, id, done, sessions) => {
    const session = sessions[id];
    session.getUserMedia({ audio: true, video: true, elemId: 'local' }, (error: unknown) => {
      if (error) return done(error);
      session.accept({});
      done(null, null);
    });
  }, sessionId);

/** `reject` or `stop` on the member's session `sessionId`. */
const memberEnds = (who: VendorMember, sessionId: string, how: 'reject' | 'stop') =>
  who.sdk<null, string[]>(
    (_, [id, method], done, sessions) => {
      sessions[id!][method!]({});
      done(null, null);
    },
    [sessionId, how],
  );

const callWindow = (page: Page, name: string) =>
  page.getByRole('region', { name: `Call with ${name}`, exact: true });

/** Amelia calls from the open conversation; the pre-call check comes before the first call in a browser. */
async function ameliaCalls(page: Page, name: string, first: boolean) {
  await page
    .getByRole('region', { name: `Conversation with ${name}` })
    .getByRole('button', { name: `Video call with ${name}` })
    .click();
  // 'Start call' is enabled once camera and microphone were found (the click waits for that).
  if (first)
    await page
      .getByRole('dialog', { name: 'Check your camera and microphone' })
      .getByRole('button', { name: 'Start call' })
      .click(EVENT_WAIT);
  return callWindow(page, name);
}

async function ameliaLeaves(page: Page, name: string) {
  const window = callWindow(page, name);
  await leaveCall(page, window);
}

/** Video moves both ways: new frames counted in the portal and in the member's page. */
async function videoBothWays(portal: Page, who: VendorMember) {
  await test.step(`${NEW_FRAMES} new frames of the member's video in the portal`, () =>
    framesArrive(portal, PORTAL_REMOTE_VIDEO));
  await test.step(`${NEW_FRAMES} new frames of the portal's video in the member's app`, () =>
    framesArrive(who.page, MEMBER_REMOTE_VIDEO));
}

test("calls both ways between the vendor's SDK and the portal: video on both sides, Leave, the SDK's stop", async ({
  browser,
}) => {
  await ameliaWith(browser, stack, 'ava', async (portal, context) => {
    const app = await vendorMember(context, stack, 'ava');

    // Ava calls from the app; Amelia accepts in the portal.
    const incoming = await memberCalls(app, amelia.chatId);
    const overlay = portal.getByRole('alertdialog', { name: ava.name });
    await expect(overlay).toBeVisible(EVENT_WAIT);
    await overlay.getByRole('button', { name: 'Accept' }).click();
    expect(await app.event('onAcceptCallListener', { 0: incoming })).toEqual([
      incoming,
      amelia.chatId,
      expect.anything(),
    ]);
    await expect(callWindow(portal, ava.name).getByRole('status')).toContainText('Connected', EVENT_WAIT);
    await app.event('onRemoteStreamListener', { 0: incoming, 1: amelia.chatId });
    await videoBothWays(portal, app);
    // Amelia leaves: the app hears the hang-up and closes its session.
    await ameliaLeaves(portal, ava.name);
    expect((await app.event('onStopCallListener', { 0: incoming }))[1]).toBe(amelia.chatId);
    await app.event('onSessionCloseListener', { 0: incoming });

    // Amelia calls; the app rings with her as the caller and Ava answers.
    const window = await ameliaCalls(portal, ava.name, true);
    const [outgoing, caller] = await app.event('onCallListener', { 1: amelia.chatId });
    expect(outgoing).not.toBe(incoming);
    expect(caller).toBe(amelia.chatId);
    // The portal's first call carries its candidates in the offer (wire §20.4), which the SDK keeps
    // and applies on accept.
    const offered = await app.sdk<string, [string, number]>(
      (_, [id, from], done, sessions) => done(null, sessions[id!].peerConnections[from!].getRemoteSDP().sdp),
      [outgoing, amelia.chatId],
    );
    expect(offered).toMatch(/^a=candidate:/m);
    await memberAccepts(app, outgoing);
    await expect(window.getByRole('status')).toContainText('Connected', EVENT_WAIT);
    await videoBothWays(portal, app);
    // Ava hangs up in the app: the portal says the other side ended it.
    const ended = statusShown(portal, 'End');
    await memberEnds(app, outgoing, 'stop');
    await ended;
  });
});

test("a refusal both ways: the SDK's reject is 'Declined.', the portal's Hand up reaches the SDK", async ({
  browser,
}) => {
  await ameliaWith(browser, stack, 'ava', async (portal, context) => {
    const app = await vendorMember(context, stack, 'ava');

    const window = await ameliaCalls(portal, ava.name, true);
    const [declined] = await app.event('onCallListener', { 1: amelia.chatId });
    const refusal = statusShown(portal, 'Declined.');
    await memberEnds(app, declined, 'reject');
    await refusal;
    // The ended call's window goes by itself after its text was shown.
    await expect(window).toBeHidden(EVENT_WAIT);

    const turnedAway = await memberCalls(app, amelia.chatId);
    const overlay = portal.getByRole('alertdialog', { name: ava.name });
    await overlay.getByRole('button', { name: 'Hand up' }).click();
    expect((await app.event('onRejectCallListener', { 0: turnedAway }))[1]).toBe(amelia.chatId);
    await app.event('onSessionCloseListener', { 0: turnedAway });
    await expect(overlay).toBeHidden();
  });
});

test("busy both ways: the SDK in a call refuses the portal's ('Line busy. Call not received.'), the portal in a call refuses the SDK's", async ({
  browser,
}) => {
  await ameliaWith(browser, stack, 'ava', async (portal, context) => {
    const avaApp = await vendorMember(context, stack, 'ava');
    const biancaApp = await vendorMember(context, stack, 'bianca');

    // Ava is in a call with Bianca, app to app, when Amelia calls her.
    const between = await memberCalls(avaApp, bianca.chatId);
    await biancaApp.event('onCallListener', { 0: between });
    await memberAccepts(biancaApp, between);
    await avaApp.event('onAcceptCallListener', { 0: between });
    const busy = statusShown(portal, 'Line busy. Call not received.');
    const window = await ameliaCalls(portal, ava.name, true);
    await busy;
    expect(await avaApp.event('onInvalidEventsListener', { 0: 'onCall', 2: amelia.chatId })).toBeTruthy();
    // The ended call's window goes by itself after its text was shown.
    await expect(window).toBeHidden(EVENT_WAIT);
    await memberEnds(avaApp, between, 'stop');
    await avaApp.event('onSessionCloseListener', { 0: between });

    // Amelia is in a call with Bianca when Ava calls her: the portal refuses it without ringing.
    await portal
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: new RegExp(bianca.name) })
      .click();
    const withBianca = await ameliaCalls(portal, bianca.name, false);
    const [call] = await biancaApp.event('onCallListener', { 1: amelia.chatId });
    await memberAccepts(biancaApp, call);
    await expect(withBianca.getByRole('status')).toContainText('Connected', EVENT_WAIT);
    const refused = await memberCalls(avaApp, amelia.chatId);
    expect((await avaApp.event('onRejectCallListener', { 0: refused }))[1]).toBe(amelia.chatId);
    await expect(portal.getByRole('alertdialog', { name: ava.name })).toHaveCount(0);
    await expect(withBianca.getByRole('status')).toContainText('Connected');
    await ameliaLeaves(portal, bianca.name);
  });
});
