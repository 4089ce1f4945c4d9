/**
 * WebSockets blocked, as behind some clinic proxies: every WebSocket to `/xmpp-websocket` is
 * refused (Playwright's WebSocket route closes it with 1008 before it opens; DevTools'
 * Network.setBlockedURLs does not stop WebSockets), so the portal's probe fails and its chat
 * connects over BOSH by itself (src/app/connections/chat/xmpp-service.ts). Chat both ways, the
 * member's read marker (the "Read" tick) and the history after a reload work end to end.
 */
import { performance } from 'node:perf_hooks';
import { poll, type SuiteContext } from '../context';
import { portalConversation } from '../portal';
import { ms, tally, whichOnes, type Row } from '../table';
import { echoedAtMember, itemKeys } from './browser-drops';

export async function boshFallback(suite: SuiteContext): Promise<Row> {
  const portal = await portalConversation(suite, 'bosh', { blockChatWebSocket: true });
  const { page } = portal;
  const boshRequests: string[] = [];
  const sockets: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/http-bind')) boshRequests.push(r.url());
  });
  page.on('websocket', (ws) => {
    if (ws.url().includes('xmpp-websocket')) sockets.push(ws.url());
  });
  try {
    const started = performance.now();
    await portal.say('bo-0');
    await poll(
      async () => itemKeys(await portal.texts(), 'bo').includes('Echo: bo-0'),
      'the echo over BOSH',
      30_000,
    );
    const roundTrip = performance.now() - started;
    const mine = page.locator('li', { hasText: 'bo-0' }).filter({ hasNotText: 'Echo' });
    await mine.getByRole('img', { name: 'Read' }).waitFor({ timeout: 20_000 });
    await page.reload();
    await portal.open();
    await poll(
      async () => itemKeys(await portal.texts(), 'bo').includes('Echo: bo-0'),
      'the history after a reload',
      30_000,
    );
    await portal.say('bo-1');
    await poll(
      async () => itemKeys(await portal.texts(), 'bo').includes('Echo: bo-1'),
      'the second echo',
      30_000,
    );
    const expected = ['bo-0', 'Echo: bo-0', 'bo-1', 'Echo: bo-1'];
    await portal.loadAll();
    const shown = tally(expected, itemKeys(await portal.allTexts(), 'bo'));
    const atMember = tally(['bo-0', 'bo-1'], echoedAtMember(portal.sim.lines, 'bo'));
    const lost = shown.lost + atMember.lost;
    const duplicated = shown.duplicated + atMember.duplicated;
    const usedBosh = boshRequests.length > 0;
    return {
      scenario: 'WebSockets blocked: portal falls back to BOSH (Chromium)',
      runs: 1,
      lost,
      duplicated,
      timing: `round trip ${ms(roundTrip)}`,
      verdict: lost === 0 && duplicated === 0 && usedBosh ? 'pass' : 'FAIL',
      note: [
        usedBosh
          ? `chat, read tick and history over BOSH (${boshRequests.length} requests)`
          : 'the portal never used BOSH',
        ...whichOnes(shown, 'in the portal'),
        ...whichOnes(atMember, 'at the member'),
      ].join('; '),
    };
  } finally {
    await portal.close();
  }
}
