/**
 * Issue 13, the portal in Chromium with a call peer that is not built on our code: a bare
 * `@roamhq/wrtc` RTCPeerConnection speaking raw vendor stanzas over @xmpp/client
 * (tests/support/vendor-call-peer.ts, docs/wire/hosted-chat.md §20.1–§20.6) plays the member Emma.
 * It calls the provider (overlay, Accept, remote video playing with frames advancing, Leave) and is
 * called by the provider (it answers), with its candidates trickled and only inside its SDP.
 */
import { expect, test, type Page } from '@playwright/test';
import { member, personas } from '../../fixtures';
import { startSyntheticMedia, type SyntheticMedia } from '../../scripts/member/synthetic-media';
import { connectVendorPeer, type VendorPeer } from '../support/vendor-call-peer';
import { stopPeer } from '../support/xmpp-peer';
import { memberOpensDialog } from './messages-support';
import { framesInASecond, leaveCall, remoteFramesArrive, signInOverApi } from './support';

const emma = member('emma');

function vendorEmma(trickle: boolean): Promise<VendorPeer> {
  const url = new URL(process.env.E2E_BASE_URL!);
  return connectVendorPeer({
    service: `ws://${url.host}/xmpp-websocket`,
    domain: personas.chatApp.domain,
    appId: personas.chatApp.appId,
    userId: emma.chatId,
    password: emma.chatPassword,
    trickle,
  });
}

async function remoteVideoPlays(page: Page): Promise<void> {
  await expect.poll(async () => (await framesInASecond(page)).width, { timeout: 60_000 }).toBeGreaterThan(0);
  // Moving video: a second with several new frames (a loaded machine paints fewer, not none).
  await remoteFramesArrive(page);
}

async function leave(page: Page, bare: VendorPeer): Promise<void> {
  const window = page.getByRole('region', { name: 'Call with Emma Laurent', exact: true });
  await leaveCall(page, window);
  await expect.poll(() => bare.signals.some((s) => s.signalType === 'hangUp')).toBe(true);
}

let bare: VendorPeer | null = null;
let media: SyntheticMedia | null = null;

test.afterEach(async () => {
  media?.stop();
  await bare?.close();
  [bare, media] = [null, null];
});

for (const { trickle, how } of [
  { trickle: true, how: 'candidates trickled' },
  { trickle: false, how: 'candidates inside the SDP only' },
]) {
  test(`a bare vendor peer calls the provider (${how}): Accept, the video plays, Leave`, async ({
    page,
    request,
  }) => {
    const { provider, peer } = await memberOpensDialog(request, `interop-in-${trickle}`, 'emma');
    await stopPeer(peer);
    await signInOverApi(page, provider.email, provider.password, `/message?userId=${emma.chatId}`);
    await expect(page.getByRole('region', { name: 'Conversation with Emma Laurent' })).toBeVisible({
      timeout: 60_000,
    });
    bare = await vendorEmma(trickle);
    media = startSyntheticMedia();
    const calling = bare.call(provider.chatId, media.stream);
    const overlay = page.getByRole('alertdialog', { name: 'Emma Laurent' });
    await expect(overlay).toBeVisible({ timeout: 60_000 });
    await overlay.getByRole('button', { name: 'Accept' }).click();
    const call = await calling;
    const window = page.getByRole('region', { name: 'Call with Emma Laurent', exact: true });
    await expect(window.getByRole('status')).toContainText('Connected', { timeout: 60_000 });
    await remoteVideoPlays(page);
    expect(call.sent.includes('iceCandidates')).toBe(trickle);
    await leave(page, bare);
  });

  test(`the provider calls a bare vendor peer, which answers (${how}): the video plays, Leave`, async ({
    page,
    request,
  }) => {
    const { provider, peer } = await memberOpensDialog(request, `interop-out-${trickle}`, 'emma');
    await stopPeer(peer);
    bare = await vendorEmma(trickle);
    media = startSyntheticMedia();
    await signInOverApi(page, provider.email, provider.password, `/message?userId=${emma.chatId}`);
    const conversation = page.getByRole('region', { name: 'Conversation with Emma Laurent' });
    await expect(conversation).toBeVisible({ timeout: 60_000 });
    const answering = bare.answer(media.stream, 60_000);
    await conversation.getByRole('button', { name: 'Video call with Emma Laurent' }).click();
    const check = page.getByRole('dialog', { name: 'Check your camera and microphone' });
    await expect(check.getByRole('status')).not.toHaveText('Checking…', { timeout: 60_000 });
    await check.getByRole('button', { name: 'Start call' }).click();
    const call = await answering;
    const window = page.getByRole('region', { name: 'Call with Emma Laurent', exact: true });
    await expect(window.getByRole('status')).toContainText('Connected', { timeout: 60_000 });
    await remoteVideoPlays(page);
    expect(call.sent.includes('iceCandidates')).toBe(trickle);
    await leave(page, bare);
  });
}
