/**
 * Issue 26, "Calls and messages as people expect them", in Chromium against the real stack and the
 * member simulator: an incoming call rings (a Web Audio tone, counted by wrapping the page's
 * AudioContext) and flashes the tab title, both stopping on Accept; the call buttons show the
 * muted and camera-off states with aria-pressed and another icon; the network-quality badge comes
 * from the call's stats; the minimised call leaves the menu usable (a menu item is clicked while
 * it shows); the finished call is a call card in the conversation. Then the Messages screen: a
 * contact request from a member with no relation to the provider names her, and a chosen image is
 * previewed with a caption — Cancel sends nothing and keeps what was typed, 'Send image' sends it.
 */
import { expect, test, type Page } from '@playwright/test';
import { xml } from '@xmpp/client';
import { member } from '../../fixtures';
import { startMember } from '../support/member-simulator';
import { stopPeer } from '../support/xmpp-peer';
import { memberOpensDialog, memberPeer, providerJid } from './messages-support';
import { leaveCall, signInOverApi } from './support';

const emma = member('emma');
const fatima = member('fatima');

/**
 * Listens to the ring tone: every AudioContext the page makes sends what it plays to its speakers
 * through a tap with an analyser, so the test hears the tone (its loudest sample, its strongest
 * frequency) rather than counting the nodes that make it; the contexts are kept to see them closed.
 */
async function recordRingTone(page: Page) {
  await page.addInitScript(() => {
    const contexts: AudioContext[] = [];
    const taps = new Map<AudioContext, AnalyserNode>();
    const Original = window.AudioContext;
    window.AudioContext = class extends Original {
      #bus: GainNode | null = null;
      override get destination(): AudioDestinationNode {
        if (!this.#bus) {
          this.#bus = this.createGain();
          const analyser = this.createAnalyser();
          analyser.fftSize = 4096;
          this.#bus.connect(analyser);
          this.#bus.connect(super.destination);
          taps.set(this, analyser);
          contexts.push(this);
        }
        return this.#bus as unknown as AudioDestinationNode;
      }
    };
    (window as unknown as { ringTone: () => unknown }).ringTone = () => {
      let peak = 0;
      let hz = 0;
      for (const [context, analyser] of taps) {
        if (context.state !== 'running') continue;
        const samples = new Float32Array(analyser.fftSize);
        analyser.getFloatTimeDomainData(samples);
        const loudest = samples.reduce((max, v) => Math.max(max, Math.abs(v)), 0);
        if (loudest <= peak) continue;
        peak = loudest;
        const bins = new Float32Array(analyser.frequencyBinCount);
        analyser.getFloatFrequencyData(bins);
        const strongest = bins.reduce((best, v, i) => (v > bins[best]! ? i : best), 0);
        hz = (strongest * context.sampleRate) / analyser.fftSize;
      }
      return { peak, hz, states: contexts.map((c) => c.state) };
    };
  });
}

const ringTone = (page: Page) =>
  page.evaluate(() =>
    (
      window as unknown as { ringTone: () => { peak: number; hz: number; states: AudioContextState[] } }
    ).ringTone(),
  );

test('a member calls: the ring and the flashing title stop on Accept; icons and states; quality; the widget beside the menu; the call card', async ({
  page,
  request,
}) => {
  const { provider, peer } = await memberOpensDialog(request, 'ring', 'emma');
  await stopPeer(peer);
  await recordRingTone(page);
  await signInOverApi(page, provider.email, provider.password, `/message?userId=${emma.chatId}`);
  const conversation = page.getByRole('region', { name: 'Conversation with Emma Laurent' });
  await expect(conversation).toBeVisible({ timeout: 60_000 });
  const pageTitle = await page.title();

  const sim = await startMember(process.env.E2E_BASE_URL!, 'emma', { args: ['--call', provider.email] });
  try {
    const overlay = page.getByRole('alertdialog', { name: 'Emma Laurent' });
    await expect(overlay).toBeVisible({ timeout: 60_000 });
    // It rings: the tone is heard — a burst of the 440/480 Hz chord reaches the speakers — and the
    // title flashes the caller's name.
    await expect
      .poll(async () => (await ringTone(page)).peak, { timeout: 30_000, intervals: [100] })
      .toBeGreaterThan(0.05);
    await expect
      .poll(
        async () => {
          const { peak, hz } = await ringTone(page);
          return peak > 0.05 && hz > 400 && hz < 520;
        },
        { timeout: 30_000, intervals: [100] },
      )
      .toBe(true);
    await expect(overlay.getByRole('button', { name: 'Silence' })).toBeVisible();
    await expect.poll(() => page.title(), { timeout: 30_000 }).toBe('Incoming call — Emma Laurent');
    // Its buttons carry icons, as the call's own do.
    for (const name of ['Accept', 'Hand up', 'Silence'])
      await expect(overlay.getByRole('button', { name }).locator('svg')).toBeVisible();

    await overlay.getByRole('button', { name: 'Accept' }).click();
    // Accept stops it: every context of the tone is closed, and the page's own title is back.
    await expect.poll(async () => (await ringTone(page)).states).toEqual(expect.arrayContaining(['closed']));
    expect((await ringTone(page)).states.every((state) => state === 'closed')).toBe(true);
    await expect(page).toHaveTitle(pageTitle);

    const window = page.getByRole('region', { name: 'Call with Emma Laurent', exact: true });
    await expect(window.getByRole('status')).toContainText('Connected', { timeout: 60_000 });
    const controls = window.getByRole('toolbar', { name: 'Call controls' });
    for (const name of ['Zoom out', 'Mute', 'Video', 'Share Screen', 'Leave'])
      await expect(controls.getByRole('button', { name, exact: true }).locator('svg')).toBeVisible();

    // Muted and camera off: aria-pressed, and a struck-through icon instead of the plain one.
    const mute = controls.getByRole('button', { name: 'Mute' });
    await expect(mute.locator('svg.lucide-mic')).toHaveCount(1);
    await mute.click();
    await expect(mute).toHaveAttribute('aria-pressed', 'true');
    await expect(mute.locator('svg.lucide-mic-off')).toHaveCount(1);
    const camera = controls.getByRole('button', { name: 'Video' });
    await expect(camera).toHaveAttribute('aria-pressed', 'false');
    await camera.click();
    await expect(camera).toHaveAttribute('aria-pressed', 'true');
    await expect(camera.locator('svg.lucide-video-off')).toHaveCount(1);
    await camera.click();
    await expect(camera.locator('svg.lucide-video')).toHaveCount(1);

    // The network quality from the call's stats (a loopback call is good).
    const quality = window.getByTestId('network-quality');
    await expect(quality).toHaveText('Connection: good', { timeout: 60_000 });

    // Minimised, the call leaves the menu usable: the widget is right of it, and a menu item works.
    await controls.getByRole('button', { name: 'Zoom out' }).click();
    const widget = page.getByRole('region', { name: 'Call with Emma Laurent, minimised' });
    await expect(widget).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const menuBox = (await menu.boundingBox())!;
    const widgetBox = (await widget.boundingBox())!;
    expect(widgetBox.x).toBeGreaterThanOrEqual(menuBox.x + menuBox.width);
    // Dragged towards the menu, it stops at the menu's edge.
    await page.mouse.move(widgetBox.x + 20, widgetBox.y + 10);
    await page.mouse.down();
    await page.mouse.move(widgetBox.x - 400, widgetBox.y - 200, { steps: 8 });
    await page.mouse.move(0, widgetBox.y - 200, { steps: 8 });
    await page.mouse.up();
    const dragged = (await widget.boundingBox())!;
    expect(dragged.x).toBeGreaterThanOrEqual(menuBox.x + menuBox.width - 1);
    for (const item of ['Dashboard', 'Messages']) {
      await menu.getByRole('link', { name: item }).click();
      await expect(page).toHaveURL(item === 'Dashboard' ? /\/Dashboard\/Dashboard$/ : /\/message/);
      await expect(widget).toBeVisible();
    }

    await widget.getByRole('button', { name: 'Zoom in' }).press('Enter');
    await leaveCall(page, window);
    await sim.waitFor(/hung up/);

    // The call is a card in the conversation: the kind and its duration.
    await page.goto(`/message?userId=${emma.chatId}`);
    const log = page.getByRole('list', { name: 'Messages with Emma Laurent' });
    const card = log.locator('[data-call-card="completed"]');
    await expect(card.first()).toBeVisible({ timeout: 60_000 });
    await expect(card.first()).toContainText('Video call');
    await expect(card.first()).toContainText(/Duration \d\d:\d\d/);
  } finally {
    await sim.stop();
  }
});

test('a contact request names the member; an image is previewed with a caption and sent only when confirmed', async ({
  page,
  request,
}) => {
  const { provider, peer } = await memberOpensDialog(request, 'preview', 'emma');
  const stranger = await memberPeer('fatima');
  try {
    await signInOverApi(page, provider.email, provider.password, `/message?userId=${emma.chatId}`);
    const conversation = page.getByRole('region', { name: 'Conversation with Emma Laurent' });
    await expect(conversation).toBeVisible({ timeout: 60_000 });

    // Fatima has no consultation, report or conversation with this provider: still named.
    await stranger.send(xml('presence', { to: providerJid(provider.chatId), type: 'subscribe' }));
    const requests = page.getByRole('region', { name: 'Contact requests' });
    await expect(requests.getByText('Fatima Haddad wants to add you as a contact.')).toBeVisible();
    await expect(requests.getByText(`User ${fatima.chatId}`)).toHaveCount(0);

    const log = conversation.getByRole('list', { name: 'Messages with Emma Laurent' });
    const box = conversation.getByRole('textbox', { name: 'Message' });
    await box.fill('Your results are in');
    const picture = {
      name: 'ultrasound.png',
      mimeType: 'image/png',
      // A 1×1 PNG.
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      ),
    };
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/blobs/.test(r.url())) uploads.push(r.url());
    });

    // Chosen by mistake: the preview shows, Cancel sends nothing and keeps the typed text.
    await conversation.locator('input[type="file"]').setInputFiles(picture);
    const preview = page.getByRole('dialog', { name: 'Send this image?' });
    await expect(preview.getByRole('img', { name: 'Preview of ultrasound.png' })).toBeVisible();
    await preview.getByRole('button', { name: 'Cancel' }).click();
    await expect(preview).toHaveCount(0);
    await expect(box).toHaveValue('Your results are in');
    await expect(log.getByRole('img', { name: /ultrasound/ })).toHaveCount(0);
    expect(uploads).toEqual([]);

    // Chosen on purpose: a caption, then 'Send image'.
    await conversation.locator('input[type="file"]').setInputFiles(picture);
    await preview.getByRole('textbox', { name: 'Caption (optional)' }).fill('The scan from today');
    await preview.getByRole('button', { name: 'Send image' }).click();
    const sent = log.getByRole('listitem').filter({ hasText: 'The scan from today' });
    await expect(sent.getByRole('img', { name: /ultrasound/ })).toBeVisible({ timeout: 60_000 });
    await expect(box).toHaveValue('Your results are in');
  } finally {
    await stopPeer(stranger);
    await stopPeer(peer);
  }
});
