/**
 * Issue 23: the vendor's own SDK (its browser build, tests/e2e/vendor-sdk-support.ts) as the
 * member, Dr. Amelia Hart in the portal, on a stack serving TLS. One-to-one over WebSocket and
 * over BOSH: markers both ways (already in REST history when they arrive), typing both ways,
 * history exactly once, unread counts. The IVF circle: joining without a phantom message, posts
 * both ways carrying `dialog_id`, refused joins (code '500'), a kick naming the owner. Files both
 * ways: the app's `{id: uid}` image shows in the portal; the portal's image opens in the app by
 * its id (docs/wire/hosted-chat.md §5, §6, §14, §17).
 */
import { expect, test, type Page } from '@playwright/test';
import { member, provider } from '../../fixtures';
import type { TestStack } from '../support/stack';
import {
  ameliaWith,
  tlsStack,
  VENDOR_LAUNCH_OPTIONS,
  vendorMember,
  EVENT_WAIT,
  type VendorMember,
} from './vendor-sdk-support';

const amelia = provider('amelia');
let stack: TestStack;

test.use({ launchOptions: VENDOR_LAUNCH_OPTIONS });

test.beforeAll(async () => {
  stack = await tlsStack();
});

test.afterAll(async () => {
  await stack?.stop({ remove: true });
});

const conversationOf = (page: Page, name: string) =>
  page.getByRole('region', { name: `Conversation with ${name}` });
const logOf = (page: Page, name: string) =>
  conversationOf(page, name).getByRole('list', { name: `Messages with ${name}` });

/** The member's private dialog with Amelia (the SDK's create answers the one that exists). */
const privateDialog = (who: VendorMember) =>
  who.sdk<{ _id: string }, number>(
    (QB, other, done) => QB.chat.dialog.create({ type: 3, occupants_ids: [other] }, done),
    amelia.chatId,
  );

const unread = (who: VendorMember, dialogId: string) =>
  who
    .sdk<Record<string, number>, string>(
      (QB, id, done) => QB.chat.message.unreadCount({ chat_dialog_ids: [id] }, done),
      dialogId,
    )
    .then((counts) => counts[dialogId] ?? 0);

for (const transport of ['websocket', 'bosh'] as const) {
  test(`Ava on the vendor's SDK over ${transport} and Dr. Amelia in the portal: markers, typing, history once, unread`, async ({
    browser,
  }) => {
    await ameliaWith(browser, stack, 'ava', async (portal, context) => {
      // Over TLS the portal's page, its chunks and its API calls come over HTTP/2
      // (docs/architecture.md §1 "The server"); its chat socket still opens over HTTP/1.1.
      const protocols = await portal.evaluate(() =>
        [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
          .filter((entry) => /\/(assets|api)\/|\/message/.test(entry.name))
          .map((entry) => (entry as PerformanceResourceTiming).nextHopProtocol),
      );
      expect(protocols.length).toBeGreaterThan(5);
      expect(new Set(protocols)).toEqual(new Set(['h2']));
      const ava = await vendorMember(context, stack, 'ava', transport);
      const dialog = await privateDialog(ava);
      const log = logOf(portal, 'Ava Thompson');

      // Ava writes, as the app does: markable, saved, in the dialog.
      const text = `From the app over ${transport}`;
      const id = await ava.chat<string>('send', amelia.chatId, {
        type: 'chat',
        body: text,
        markable: 1,
        extension: { save_to_history: 1, dialog_id: dialog._id },
      });
      await expect(log.getByText(text, { exact: true })).toBeVisible(EVENT_WAIT);
      // The portal marks it delivered and, on screen, read: both reach the app, and REST has them then.
      expect(await ava.event('onDeliveredStatusListener', { 0: id })).toEqual([
        id,
        dialog._id,
        amelia.chatId,
      ]);
      expect(await ava.event('onReadStatusListener', { 0: id })).toEqual([id, dialog._id, amelia.chatId]);
      const listed = await ava.sdk<
        { items: Array<{ read_ids: number[]; delivered_ids: number[] }> },
        string[]
      >(
        (QB, [dialogId, messageId], done) =>
          QB.chat.message.list({ chat_dialog_id: dialogId, _id: messageId }, done),
        [dialog._id, id],
      );
      expect(listed.items[0]!.read_ids).toContain(amelia.chatId);
      expect(listed.items[0]!.delivered_ids).toContain(amelia.chatId);

      // Typing both ways.
      const conversation = conversationOf(portal, 'Ava Thompson');
      await ava.chat('sendIsTypingStatus', amelia.chatId);
      await expect(conversation.getByText('is typing…')).toBeVisible();
      await ava.chat('sendIsStopTypingStatus', amelia.chatId);
      await expect(conversation.getByText('is typing…')).toBeHidden();
      const box = conversation.getByRole('textbox', { name: 'Message' });
      await box.pressSequentially('Thank');
      expect(await ava.event('onMessageTypingListener', { 0: true, 1: amelia.chatId })).toBeTruthy();

      // Amelia's answer counts as unread for Ava until she marks it read; then it does not.
      const before = await unread(ava, dialog._id);
      await box.fill(`Thanks, Ava (${transport})`);
      await box.press('Enter');
      const [from, reply] = await ava.event('onMessageListener', {
        1: { body: `Thanks, Ava (${transport})` },
      });
      expect(from).toBe(amelia.chatId);
      expect(reply).toMatchObject({ type: 'chat', dialog_id: dialog._id, markable: 1 });
      await expect.poll(() => unread(ava, dialog._id), EVENT_WAIT).toBe(before + 1);
      await ava.chat('sendReadStatus', { userId: amelia.chatId, messageId: reply.id, dialogId: dialog._id });
      const mine = log
        .getByRole('listitem')
        .filter({ hasText: `Thanks, Ava (${transport})` })
        .first();
      await expect(mine.getByRole('img', { name: 'Read' })).toBeVisible();
      expect(await unread(ava, dialog._id)).toBe(before);

      // History: each message once, as the app pages it.
      const history = await ava.sdk<{ items: Array<{ _id: string; message: string }> }, string>(
        (QB, dialogId, done) =>
          QB.chat.message.list(
            { chat_dialog_id: dialogId, sort_desc: 'date_sent', limit: 50, mark_as_read: 0 },
            done,
          ),
        dialog._id,
      );
      expect(history.items.filter((m) => m._id === id)).toHaveLength(1);
      expect(history.items.filter((m) => m._id === reply.id)).toHaveLength(1);
      expect(history.items.filter((m) => m.message === text)).toHaveLength(1);
    });
  });
}

test("Clara on the vendor's SDK in the IVF circle: a join with no phantom message, posts both ways, refused joins, a kick", async ({
  browser,
}) => {
  await ameliaWith(browser, stack, 'clara', async (portal, context) => {
    const clara = await vendorMember(context, stack, 'clara');
    const dialogs = await clara.sdk<{ items: Array<{ _id: string; name: string; xmpp_room_jid: string }> }>(
      (QB, _, done) => QB.chat.dialog.list({}, done),
    );
    const circle = dialogs.items.find((d) => d.name === 'IVF preparation circle')!;
    const join = (who: VendorMember, room: string) =>
      who.sdk<{ error: { code: string; message: string } | null; response: { dialogId: string } }, string>(
        (QB, jid, done) =>
          QB.chat.muc.join(jid, (error: unknown, response: unknown) => done(null, { error, response })),
        room,
      );
    expect(await join(clara, circle.xmpp_room_jid)).toEqual({
      error: null,
      response: { dialogId: circle._id },
    });

    // Amelia posts in the circle from the portal; Clara's app gets it with the dialog's id.
    await portal
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: /IVF preparation circle/ })
      .click();
    const group = conversationOf(portal, 'IVF preparation circle');
    await group.getByRole('textbox', { name: 'Message' }).fill('Welcome to the new cycle, everyone');
    await group.getByRole('textbox', { name: 'Message' }).press('Enter');
    const [from, post] = await clara.event('onMessageListener', {
      1: { body: 'Welcome to the new cycle, everyone' },
    });
    expect(from).toBe(amelia.chatId);
    expect(post).toMatchObject({
      type: 'groupchat',
      dialog_id: circle._id,
      extension: { dialog_id: circle._id },
    });
    // Nothing from user null came before it: no empty subject on join.
    expect((await clara.events('onMessageListener')).filter(([userId]) => userId === null)).toEqual([]);

    // Clara posts; the portal shows it in the circle.
    await clara.chat('send', circle.xmpp_room_jid, {
      type: 'groupchat',
      body: 'Day 3 of stims here',
      markable: 1,
      extension: { save_to_history: 1 },
    });
    await expect(logOf(portal, 'IVF preparation circle').getByText('Day 3 of stims here')).toBeVisible();

    // Refused joins call back with code '500': a room of no dialog, a dialog she is not in.
    const nowhere = await join(clara, `${stack.appId}_53fc460b515c128132016675@muc.${stack.chatDomain}`);
    expect(nowhere.error).toMatchObject({ code: '500', message: expect.any(String) });
    const daniela = await vendorMember(context, stack, 'daniela');
    const theirs = await daniela.sdk<{ _id: string; xmpp_room_jid: string }, number>(
      (QB, other, done) => QB.chat.dialog.create({ type: 2, name: 'Just us', occupants_ids: [other] }, done),
      amelia.chatId,
    );
    expect((await join(clara, theirs.xmpp_room_jid)).error).toMatchObject({ code: '500' });

    // Daniela's own group with Clara: Daniela removes her, and Clara's app hears the kick from her.
    const small = await daniela.sdk<{ _id: string; xmpp_room_jid: string }, number>(
      (QB, other, done) =>
        QB.chat.dialog.create({ type: 2, name: 'Stims buddies', occupants_ids: [other] }, done),
      member('clara').chatId,
    );
    expect((await join(clara, small.xmpp_room_jid)).error).toBeNull();
    await daniela.sdk(
      (QB, [id, other], done) => QB.chat.dialog.update(id, { pull_all: { occupants_ids: [other] } }, done),
      [small._id, member('clara').chatId],
    );
    expect(await clara.event('onKickOccupant')).toEqual([small._id, member('daniela').chatId]);
  });
});

/** A small PNG drawn in `page` (a flat colour of `width` × `height`). */
function drawnPng(page: Page, width: number, height: number): Promise<Buffer> {
  return page
    .evaluate(
      async ([w, h]) => {
        const canvas = new OffscreenCanvas(w!, h!);
        const context = canvas.getContext('2d')!;
        context.fillStyle = '#b03a48';
        context.fillRect(0, 0, w!, h!);
        const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
        return btoa(String.fromCharCode(...bytes));
      },
      [width, height],
    )
    .then((base64) => Buffer.from(base64, 'base64'));
}

test("files both ways: the app's image ({id: uid}) shows in the portal, the portal's opens in the app", async ({
  browser,
}) => {
  await ameliaWith(browser, stack, 'bianca', async (portal, context) => {
    const bianca = await vendorMember(context, stack, 'bianca');
    const dialog = await privateDialog(bianca);
    const log = logOf(portal, 'Bianca Silva');

    // Bianca's app uploads a photo the SDK's way (create, upload to the URL it is handed, complete)
    // and sends it as the vendor's samples do: the attachment's id is the file's uid, nothing else.
    const png = [...(await drawnPng(bianca.page, 320, 200))];
    const uid = await bianca.sdk<string, number[]>((QB, bytes, done) => {
      const file = new File([new Uint8Array(bytes)], 'scan.png', { type: 'image/png' });
      QB.content.createAndUpload(
        { file, name: file.name, type: file.type, size: file.size, public: false },
        (error: unknown, blob: { uid: string }) => (error ? done(error) : done(null, blob.uid)),
      );
    }, png);
    await bianca.chat('send', amelia.chatId, {
      type: 'chat',
      body: '[attachment]',
      markable: 1,
      extension: { save_to_history: 1, dialog_id: dialog._id, attachments: [{ id: uid, type: 'image' }] },
    });
    const shown = log.getByRole('img', { name: 'Image' });
    await expect(shown).toBeVisible(EVENT_WAIT);
    await expect(shown).toHaveJSProperty('naturalWidth', 320);

    // Amelia sends an image from the portal; Bianca's app gets its uid as the id and opens the file.
    await conversationOf(portal, 'Bianca Silva')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: await drawnPng(portal, 240, 160) });
    // Issue 26: nothing goes before the preview is confirmed.
    await portal
      .getByRole('dialog', { name: 'Send this image?' })
      .getByRole('button', { name: 'Send image' })
      .click();
    const [, message] = await bianca.event('onMessageListener', {
      0: amelia.chatId,
      1: { extension: { attachments: { 0: { type: 'image' } } } },
    });
    const attachment = message.extension.attachments[0];
    expect(attachment).toMatchObject({ type: 'image', name: 'plan.png' });
    expect(attachment.id).toMatch(/^[0-9a-f]{32}$/);
    const opened = await bianca.sdk<{ status: number; type: string; width: number }, string>(
      (QB, id, done) => {
        fetch(QB.content.privateUrl(id))
          .then(async (response) =>
            done(null, {
              status: response.status,
              type: response.headers.get('content-type'),
              width: (await createImageBitmap(await response.blob())).width,
            }),
          )
          .catch(done);
      },
      attachment.id,
    );
    expect(opened).toEqual({ status: 200, type: 'image/png', width: 240 });
  });
});
