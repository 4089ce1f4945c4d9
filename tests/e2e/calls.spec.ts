/**
 * Issue 13, the call screens in Chromium (fake camera and microphone) against the member
 * simulator (`npm run member` with its call options, a child process sending a moving test
 * pattern and a tone through @roamhq/wrtc): the member rings, the provider accepts, sees the
 * member's video play, mutes, turns the camera off, moves on to another page (the call shrinks
 * to a draggable widget with its timer), shares the client's fertility data — the share view drawn
 * into a canvas, never the screen: the member's frames have the canvas's size, getDisplayMedia is
 * never called — and stops by the button, by closing the share window and by the call's end, leaves
 * after the confirm, and finds the call's duration in the conversation. Then the provider calls:
 * declined ('Declined.'), busy ('Line busy. Call not received.'), and unanswered ('No response from your client', the 60 s on Playwright's
 * clock).
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { member } from '../../fixtures';
import { startMember, type RunningMember } from '../support/member-simulator';
import { stopPeer } from '../support/xmpp-peer';
import { memberOpensDialog } from './messages-support';
import {
  acknowledgeApproval,
  framesInASecond,
  leaveCall,
  remoteFramesArrive,
  signInOverApi,
  statusShown,
} from './support';
import { admin, submitProfileOverApi } from './workspace-support';

const emma = member('emma');

/** A provider with a dialog with Emma, approved, with report access and a report on her (her cycle data). */
async function providerOfEmma(request: APIRequestContext, prefix: string) {
  const { provider, peer } = await memberOpensDialog(request, prefix, 'emma');
  await stopPeer(peer);
  return provider;
}

const ownTrackEnabled = (page: Page, kind: 'audio' | 'video') =>
  page
    .getByTestId('own-video')
    .evaluate(
      (video: HTMLVideoElement, k) =>
        (video.srcObject as MediaStream).getTracks().find((t) => t.kind === k)?.enabled ?? null,
      kind,
    );

// A laptop's screen of pixel ratio 2, as most providers have: the shared canvas is drawn at it.
test.describe('on a screen of pixel ratio 2', () => {
  test.use({ deviceScaleFactor: 2 });

  test('a member calls: accept, video plays, mute, camera off, minimise and drag, share the fertility data, leave', async ({
    page,
    request,
  }) => {
    const provider = await providerOfEmma(request, 'call-in');
    await submitProfileOverApi(request, await signInToken(request, provider.email, provider.password));
    await admin(['audit', 'approve', provider.email]);
    await admin(['reports', 'grant', provider.email]);
    await admin(['assign-report', 'emma', provider.email, '--title', 'Cycle review']);
    await claimOpenReport(request, provider.email, provider.password);
    await page.context().grantPermissions(['notifications']);
    // Sharing never captures the screen: every call of getDisplayMedia is counted.
    await page.context().addInitScript(() => {
      const devices = navigator.mediaDevices as MediaDevices & {
        getDisplayMedia: MediaDevices['getDisplayMedia'];
      };
      const capture = devices.getDisplayMedia.bind(devices);
      const counted = window as unknown as { displayMediaCalls: number };
      counted.displayMediaCalls = 0;
      devices.getDisplayMedia = (options) => {
        counted.displayMediaCalls++;
        return capture(options);
      };
      // The words drawn on any canvas of the page, to compare the shared canvas with the share window.
      const drawn = window as unknown as { drawnTexts: string[] };
      drawn.drawnTexts = [];
      const fillText = CanvasRenderingContext2D.prototype.fillText;
      CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
        drawn.drawnTexts.push(String(text));
        return fillText.call(this, text, ...rest);
      };
    });
    // The call code is a lazy chunk: fetched when the call rings, not with the signed-in pages.
    const callChunks: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/call-host-[\w-]+\.js$/.test(r.url())) callChunks.push(r.url());
    });
    await signInOverApi(page, provider.email, provider.password);
    // The approval is news to her (spec §4 audit popup): she acknowledges it before anything else.
    await acknowledgeApproval(page);
    // The chat is online (the floating chat icon's conversation list loaded) before the member rings.
    await page.goto(`/message?userId=${emma.chatId}`);
    await expect(page.getByRole('region', { name: 'Conversation with Emma Laurent' })).toBeVisible({
      timeout: 60_000,
    });

    expect(callChunks).toEqual([]);
    const sim: RunningMember = await startMember(process.env.E2E_BASE_URL!, 'emma', {
      args: ['--call', provider.email],
    });
    try {
      const overlay = page.getByRole('alertdialog', { name: 'Emma Laurent' });
      await expect(overlay).toBeVisible({ timeout: 60_000 });
      await expect(overlay.getByText('Invites you to online call...')).toBeVisible();
      expect(callChunks).toHaveLength(1);
      await expect(overlay.getByRole('button', { name: 'Hand up' })).toBeVisible();
      await overlay.getByRole('button', { name: 'Accept' }).click();

      const window = page.getByRole('region', { name: 'Call with Emma Laurent', exact: true });
      await expect(window.getByRole('status')).toContainText('Connected', { timeout: 60_000 });
      await expect(window.getByRole('timer')).toHaveText(/^\d\d:\d\d$/);
      await expect
        .poll(async () => (await framesInASecond(page)).width, { timeout: 60_000 })
        .toBeGreaterThan(0);
      // Moving video: new frames keep coming (a loaded machine paints fewer a second, not none).
      await remoteFramesArrive(page);
      await sim.waitFor(/video frames|frames decoded|Connected|connection to .*: connected/i, 60_000);

      // Mute and camera off: the buttons say so, and our own tracks stop sending.
      const mute = window.getByRole('button', { name: 'Mute' });
      await mute.click();
      await expect(mute).toHaveAttribute('aria-pressed', 'true');
      expect(await ownTrackEnabled(page, 'audio')).toBe(false);
      const camera = window.getByRole('button', { name: 'Video' });
      await camera.click();
      await expect(camera).toHaveAttribute('aria-pressed', 'true');
      expect(await ownTrackEnabled(page, 'video')).toBe(false);
      await camera.click();
      await mute.click();
      expect(await ownTrackEnabled(page, 'audio')).toBe(true);

      // Another page: the call shrinks to the widget, with its duration; the chat icon shows.
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Dashboard' })
        .click();
      await expect(page).toHaveURL(/\/Dashboard\/Dashboard$/);
      await expect(window).toHaveCount(0);
      const widget = page.getByRole('region', { name: 'Call with Emma Laurent, minimised' });
      await expect(widget.getByText(/^Call duration: \d\d:\d\d$/)).toBeVisible();
      const before = (await widget.boundingBox())!;
      // A drag of 60 px (up and left from its bottom-right corner) moves it and does not zoom in.
      await page.mouse.move(before.x + 20, before.y + 10);
      await page.mouse.down();
      await page.mouse.move(before.x - 10, before.y - 20, { steps: 5 });
      await page.mouse.move(before.x - 40, before.y - 50, { steps: 5 });
      await page.mouse.up();
      const after = (await widget.boundingBox())!;
      expect(Math.round(after.x - before.x)).toBe(-60);
      expect(Math.round(after.y - before.y)).toBe(-60);
      await expect(widget).toBeVisible();
      // A press that moves 3 px is a click: it zooms in.
      await page.mouse.move(after.x + 20, after.y + 10);
      await page.mouse.down();
      await page.mouse.move(after.x + 23, after.y + 10);
      await page.mouse.up();
      await expect(window).toBeVisible();
      await expect(widget).toHaveCount(0);

      // Share Screen: the confirm, then the popup with Emma's charts, calendar and ovulation; the call
      // sends that view drawn into a canvas (docs/calls.md "Screen sharing"): no picker, no screen.
      const own = window.getByTestId('own-video');
      await expect.poll(() => memberReceivedSize(sim, 0)).not.toBe('');
      const cameraSize = memberReceivedSize(sim, 0);
      const share = window.getByRole('button', { name: 'Share Screen' });
      let popup = await confirmSharing(page, share);
      expect(new URL(popup.url()).pathname + new URL(popup.url()).search).toBe(
        `/shareScreen?otherUserId=${emma.chatId}`,
      );
      await expect(popup).toHaveTitle('Emma Laurent', { timeout: 60_000 });
      for (const name of ['Charts', 'Calendar', 'Ovulation'])
        await expect(popup.getByRole('region', { name })).toBeVisible({ timeout: 60_000 });
      // The provider sees what is sent: her own view is the shared canvas, the page of 1280×800 CSS
      // pixels drawn at her pixel ratio (docs/calls.md "Screen sharing"), so text stays sharp.
      await expect(own).toHaveAccessibleName('What your client sees');
      expect(await page.evaluate(() => globalThis.devicePixelRatio)).toBe(2);
      await expect.poll(() => videoSize(own), { timeout: 60_000 }).toBe('2560×1600');
      let sharedTrack = await ownVideoTrack(own);
      // The member receives frames of the canvas's size (resolution kept over frame rate): not a
      // 1920×1080 screen, not the camera.
      let from = sim.lines.length;
      await expect.poll(() => memberReceivedSize(sim, from), { timeout: 60_000 }).toBe('2560×1600');
      expect(aspect(cameraSize)).not.toBe(aspect('2560×1600'));
      // The canvas draws the window's words: the cycle on show and its ovulation facts.
      const cycles = popup.getByRole('combobox');
      await expectDrawn(page, await windowWords(popup));
      // …and every word of it whole: no date, fact or heading cut short with '…'.
      expect(await cutWords(page)).toEqual([]);
      // Another cycle chosen in the window is what the canvas draws from then on.
      const shown = await cycles.inputValue();
      const other = await cycles
        .locator('option')
        .evaluateAll(
          (options: HTMLOptionElement[], current) => options.find((o) => o.value !== current)!.value,
          shown,
        );
      const drawnBefore = await own.evaluate(canvasFingerprint);
      await page.evaluate(() => void ((window as unknown as { drawnTexts: string[] }).drawnTexts.length = 0));
      await cycles.selectOption(other);
      await expect.poll(() => own.evaluate(canvasFingerprint), { timeout: 60_000 }).not.toBe(drawnBefore);
      await expectDrawn(page, await windowWords(popup));
      expect(await cutWords(page)).toEqual([]);

      // The button stops: the canvas's track ends, the camera is back on the call and in the own view.
      await share.click();
      await expect(share).toHaveAttribute('aria-pressed', 'false');
      expect(await sharedTrack.evaluate((t) => t.readyState)).toBe('ended');
      await expect.poll(() => popup.isClosed()).toBe(true);
      await expect(own).toHaveAccessibleName('Your video');
      // The member decodes the camera again: its shape (the encoder may scale it under load), not the canvas's.
      from = sim.lines.length;
      await expect
        .poll(() => aspect(memberReceivedSize(sim, from)), { timeout: 60_000 })
        .toBe(aspect(cameraSize));

      // Closing the share window stops it as well.
      popup = await confirmSharing(page, share);
      await expect.poll(() => videoSize(own), { timeout: 60_000 }).toBe('2560×1600');
      sharedTrack = await ownVideoTrack(own);
      await popup.close();
      await expect(share).toHaveAttribute('aria-pressed', 'false');
      expect(await sharedTrack.evaluate((t) => t.readyState)).toBe('ended');
      await expect(own).toHaveAccessibleName('Your video');

      // Sharing again: the call's end (below) ends it too.
      popup = await confirmSharing(page, share);
      await expect.poll(() => videoSize(own), { timeout: 60_000 }).toBe('2560×1600');
      sharedTrack = await ownVideoTrack(own);

      // Leave asks first; No keeps the call, Yes ends it.
      await window.getByRole('button', { name: 'Leave' }).click();
      const tips = page.getByRole('dialog', { name: 'Tips' });
      await expect(tips.getByText('Do you want to hang up the call?')).toBeVisible();
      await tips.getByRole('button', { name: 'No' }).click();
      await expect(window.getByRole('status')).toContainText('Connected');
      await leaveCall(page, window);
      await sim.waitFor(/hung up/);
      expect(await sharedTrack.evaluate((t) => t.readyState)).toBe('ended');
      await expect.poll(() => popup.isClosed()).toBe(true);
      // The screen was never captured: no picker was ever asked for.
      expect(
        await page.evaluate(() => (globalThis as unknown as { displayMediaCalls: number }).displayMediaCalls),
      ).toBe(0);

      // The call's duration is a message in the conversation.
      await page.goto(`/message?userId=${emma.chatId}`);
      const log = page.getByRole('list', { name: 'Messages with Emma Laurent' });
      // A call card (issue 26): the kind of call and its duration.
      const card = log.locator('[data-call-card="completed"]').first();
      await expect(card).toBeVisible({ timeout: 60_000 });
      await expect(card).toContainText(/Video call\s*Duration \d\d:\d\d/);
    } finally {
      await sim.stop();
    }
  });
});

/** 'Share Screen', confirmed: the share window it opens. */
async function confirmSharing(page: Page, share: Locator): Promise<Page> {
  await share.click();
  const confirm = page.getByRole('dialog', { name: 'Sharing Screen' });
  await expect(
    confirm.getByText('You have access to the following fertility data: Charts, Calendar, Ovulation'),
  ).toBeVisible();
  const popupOpened = page.waitForEvent('popup');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  const popup = await popupOpened;
  await expect(share).toHaveAttribute('aria-pressed', 'true', { timeout: 60_000 });
  return popup;
}

/** The own view's video size as 'W×H' ('0×0' before its first frame). */
const videoSize = (own: Locator) =>
  own.evaluate((video: HTMLVideoElement) => `${video.videoWidth}×${video.videoHeight}`);

/** The own view's video track, kept to look at after sharing stopped. */
const ownVideoTrack = (own: Locator) =>
  own.evaluateHandle((video: HTMLVideoElement) => (video.srcObject as MediaStream).getVideoTracks()[0]!);

/** A digest of the own view's current frame (what is drawn changes it). */
function canvasFingerprint(video: HTMLVideoElement): string {
  const canvas = document.createElement('canvas');
  canvas.width = 160;
  canvas.height = 100;
  const context = canvas.getContext('2d')!;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
  let hash = 0;
  for (let i = 0; i < pixels.length; i += 4) hash = (hash * 31 + pixels[i]! + pixels[i + 1]! * 7) >>> 0;
  return String(hash);
}

/** What the share window shows of the cycle on show: its option, and the ovulation facts. */
async function windowWords(popup: Page): Promise<string[]> {
  const option = await popup.getByRole('combobox').locator('option:checked').innerText();
  const facts = await popup.getByRole('region', { name: 'Ovulation' }).locator('dd').allInnerTexts();
  expect(facts).toHaveLength(2);
  return [option, ...facts].map((text) => text.trim());
}

/**
 * Waits until the page's canvases have drawn each of `words` (a long one may be wrapped over two
 * lines, drawn one after the other).
 */
async function expectDrawn(page: Page, words: string[]): Promise<void> {
  await expect
    .poll(
      async () => {
        const drawn = (await page.evaluate(() => (window as unknown as { drawnTexts: string[] }).drawnTexts))
          .slice(-400)
          .join(' ');
        return words.filter((word) => !drawn.includes(word));
      },
      { timeout: 60_000 },
    )
    .toEqual([]);
}

/** The words the page's canvases drew cut short with '…'. */
const cutWords = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { drawnTexts: string[] }).drawnTexts.filter((text) => text.endsWith('…')),
  );

/** 'W×H' as its width to height ratio, to two decimals ('' for none). */
function aspect(size: string): string {
  const [width, height] = size.split('×').map(Number);
  return width && height ? (width / height).toFixed(2) : '';
}

/**
 * The size of the video frames the member decoded last ('W×H', from the simulator's reports
 * printed after its line `from`; '' before any).
 */
function memberReceivedSize(sim: RunningMember, from: number): string {
  const reports = sim.lines.slice(from).flatMap((line) => {
    const size = /received: \d+ video frames \((\d+×\d+),/.exec(line)?.[1];
    return size ? [size] : [];
  });
  return reports.at(-1) ?? '';
}

const HEADERS = { apiVersion: '7', os: 'web', timezone: 'Europe/London' };

async function signInToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/user/user/sign/in/doctor', {
    headers: HEADERS,
    form: { email, password },
  });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** The provider claims the report assigned to her (not one of the open pool): a claimed report lets her read the member's cycle data. */
async function claimOpenReport(request: APIRequestContext, email: string, password: string): Promise<void> {
  const headers = { ...HEADERS, authToken: await signInToken(request, email, password) };
  const list = await request.get('/api/user/member/expertReport/reportList?type=Open&page=1&pageSize=10', {
    headers,
  });
  const { data } = (await list.json()) as { data: { list: Array<{ reportId: number; mine: boolean }> } };
  const assigned = data.list.find((r) => r.mine)!;
  const claimed = await request.post(`/api/user/member/expertReport/claim?reportId=${assigned.reportId}`, {
    headers,
  });
  expect(((await claimed.json()) as { code: string }).code).toBe('OK');
}

/**
 * The provider calls Emma from the conversation (the pre-call check comes first, once); with
 * `until`, it returns once the call window's status has shown that text, watched from the start,
 * since an ended call's text shows for a few seconds only.
 */
async function callEmma(page: Page, until?: string) {
  await page.goto(`/message?userId=${emma.chatId}`);
  const conversation = page.getByRole('region', { name: 'Conversation with Emma Laurent' });
  await expect(conversation).toBeVisible({ timeout: 60_000 });
  await conversation.getByRole('button', { name: 'Video call with Emma Laurent' }).click();
  const check = page.getByRole('dialog', { name: 'Check your camera and microphone' });
  await expect(check.getByRole('status')).not.toHaveText('Checking…', { timeout: 60_000 });
  const shown = until === undefined ? null : statusShown(page, until);
  await check.getByRole('button', { name: 'Start call' }).click();
  await shown;
  return page.getByRole('region', { name: 'Call with Emma Laurent', exact: true });
}

test("the provider calls and the member declines: Declined., and the chat's call card says declined, not canceled", async ({
  page,
  request,
}) => {
  const provider = await providerOfEmma(request, 'call-out');
  const sim = await startMember(process.env.E2E_BASE_URL!, 'emma', {
    args: ['--reject', '--answer-after-ms', '500'],
  });
  try {
    await signInOverApi(page, provider.email, provider.password);
    const window = await callEmma(page, 'Declined.');
    await sim.waitFor(/declined the call/);
    await window.getByRole('button', { name: 'Close' }).click();
    const log = page.getByRole('list', { name: 'Messages with Emma Laurent' });
    // Issue 26: a refusal is recorded as declined; 'Canceled the call.' is only the caller's hang-up.
    await expect(log.locator('[data-call-card="declined"]')).toContainText('Declined');
    await expect(log.getByText('Canceled the call.')).toHaveCount(0);
  } finally {
    await sim.stop();
  }
});

test('the provider calls a member who is in another call: Line busy. Call not received.', async ({
  page,
  request,
}) => {
  const provider = await providerOfEmma(request, 'call-busy');
  const sim = await startMember(process.env.E2E_BASE_URL!, 'emma', { args: ['--busy'] });
  try {
    await signInOverApi(page, provider.email, provider.password);
    const window = await callEmma(page, 'Line busy. Call not received.');
    await sim.waitFor(/busy: rejected the call/);
    await window.getByRole('button', { name: 'Close' }).click();
    const log = page.getByRole('list', { name: 'Messages with Emma Laurent' });
    await expect(log.locator('[data-call-card="busy"]')).toContainText('Line busy');
    await expect(log.getByText('Canceled the call.')).toHaveCount(0);
  } finally {
    await sim.stop();
  }
});

test('the provider calls and nobody answers: No response from your client after the 60 s', async ({
  page,
  request,
}) => {
  const provider = await providerOfEmma(request, 'call-none');
  const sim = await startMember(process.env.E2E_BASE_URL!, 'emma', { args: ['--no-answer'] });
  try {
    await page.clock.install();
    await signInOverApi(page, provider.email, provider.password);
    const window = await callEmma(page);
    await expect(window.getByRole('status')).toHaveText('Connecting');
    await sim.waitFor(/letting it ring/);
    // The call is sent again every 5 s until the answer time runs out (spec §9): 55 s, still ringing.
    for (let tick = 0; tick < 11; tick++) await page.clock.fastForward(5_000);
    await expect(window.getByRole('status')).toHaveText('Connecting');
    await page.clock.fastForward(5_000);
    await expect(window.getByRole('status')).toHaveText('No response from your client');
    const log = page.getByRole('list', { name: 'Messages with Emma Laurent' });
    await expect(log.locator('[data-call-card="missed"]')).toContainText('Not answered');
  } finally {
    await sim.stop();
  }
});
