/**
 * Issue 4, the Messages screen against code we did not write and a server that refuses: each
 * failing step of the spec §4 login flow shows its spec §8 message; an @xmpp/client member peer
 * receives what the portal SENDS — typing (composing, then paused) and read markers, which the
 * server's history then counts as read — and the browser shows the Delivered tick, the upload
 * progress bar, and rejects a contact request.
 */
import { expect, test, type Page } from '@playwright/test';
import { freshChatProvider } from './messages-support';
import { signInThroughForm } from './support';

const pathIs = (path: string) => (url: URL) => url.pathname === path;

test('each failing step of the chat login flow shows its spec §8 message as a toast, on any page', async ({
  page,
  request,
}) => {
  const provider = await freshChatProvider(request, 'flow');
  await signInThroughForm(page, provider.email, provider.password);
  await expect(page).toHaveURL(/\/Dashboard\/Dashboard$/);
  const toast = (text: string) => page.getByRole('alert').filter({ hasText: text });
  const session = 'Failed to create the session, please try refreshing the page to re-request!';

  const refused = async (refuse: (page: Page) => Promise<unknown>, message: string) => {
    await page.unrouteAll({ behavior: 'wait' });
    await refuse(page);
    await page.reload();
    await expect(toast(message)).toBeVisible();
    // The Dashboard, not /message: the message does not wait for the Messages banner.
    await expect(page).toHaveURL(/\/Dashboard\/Dashboard$/);
  };

  // The own API cannot give the chat account: its message, then the chat's.
  await refused(
    (p) =>
      p.route(pathIs('/api/message/qb/user/get'), (route) =>
        route.fulfill({
          status: 500,
          json: { code: 'SYSTEM_ERROR', message: 'The chat account is unavailable', data: null },
        }),
      ),
    session,
  );
  await expect(toast('The chat account is unavailable')).toBeVisible();

  await refused(
    (p) =>
      p.route(pathIs('/qb/session.json'), (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 422, json: { errors: { base: ['Unexpected signature'] } } })
          : route.continue(),
      ),
    session,
  );
  await refused(
    (p) =>
      p.route(pathIs('/qb/login.json'), (route) =>
        route.fulfill({ status: 401, json: { errors: ['Unauthorized'] } }),
      ),
    'QB login fail!',
  );
  // The chat server refuses the stream (RFC 7395 framing, RFC 6120 §4.9 stream error). WebSocket
  // routes outlive unrouteAll, so this one passes through once the refusal is over.
  let refuseStream = true;
  await refused(
    (p) =>
      p.routeWebSocket(/\/xmpp-websocket$/, (socket) => {
        if (!refuseStream) return void socket.connectToServer();
        socket.onMessage((frame) => {
          if (!String(frame).startsWith('<open')) return;
          socket.send(
            '<open xmlns="urn:ietf:params:xml:ns:xmpp-framing" from="localhost" id="r1" version="1.0"/>',
          );
          socket.send(
            '<stream:error xmlns:stream="http://etherx.jabber.org/streams">' +
              '<policy-violation xmlns="urn:ietf:params:xml:ns:xmpp-streams"/></stream:error>',
          );
          socket.send('<close xmlns="urn:ietf:params:xml:ns:xmpp-framing"/>');
          socket.close();
        });
      }),
    'qb failed to connect to the server!',
  );
  refuseStream = false;

  // Nothing refused: the chat comes online (the connection banner goes away) without a message.
  await page.unrouteAll({ behavior: 'wait' });
  await page.goto('/message');
  await expect(page.getByText('Choose a conversation on the left.')).toBeVisible();
  await expect(page.locator('[data-link]')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
