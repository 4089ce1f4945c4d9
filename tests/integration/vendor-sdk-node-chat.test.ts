/**
 * The vendor's SDK in Node as two members, Ava and Bianca (issue 23; tests/support/vendor-sdk-node.ts),
 * against a stack serving TLS: one-to-one chat with markers that REST history already holds when
 * they arrive, typing, system messages over REST, last activity of someone who is not a contact,
 * pings of nobody, and a contact request without a stray `unavailable` — each as the vendor's own
 * specs (QB-ChatSpec.js, QB-CoreSpec.js) expect (docs/wire/hosted-chat.md §5.2, §14–§16).
 */
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../fixtures';
import { PNG_1X1 } from '../support/images';
import { startStack, type TestStack } from '../support/stack';
import { sdkCall, sdkMember, trustStack, type Sdk, type SdkMember } from '../support/vendor-sdk-node';

let stack: TestStack;
let ava: SdkMember;
let bianca: SdkMember;
const clara = member('clara');

beforeAll(async () => {
  stack = await startStack({ env: { TLS: 'self-signed' } });
  trustStack(stack);
  ava = await sdkMember(stack, 'ava');
  bianca = await sdkMember(stack, 'bianca');
  await ava.connect();
  await bianca.connect();
});

afterAll(async () => {
  await ava?.close();
  await bianca?.close();
  await stack?.stop({ remove: true });
});

/** GET over the process's HTTPS agent (which trusts the stack): status and content type. */
const open = (url: string) =>
  new Promise<{ status: number; type: string | undefined }>((resolve, reject) =>
    https
      .get(url, (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'] });
      })
      .on('error', reject),
  );

const ping = (who: SdkMember, ...target: unknown[]) =>
  new Promise<unknown>((resolve) => who.qb.chat.ping(...target, (error: unknown) => resolve(error)));

describe('the SDK in Node, one-to-one', () => {
  let dialog: Sdk;

  beforeAll(async () => {
    dialog = await sdkCall((done) =>
      ava.qb.chat.dialog.create({ type: 3, occupants_ids: [bianca.userId] }, done),
    );
    expect(dialog.is_joinable).toBe(0);
  });

  it('creates no joinable private dialog (is_joinable=1 refused)', async () => {
    await expect(
      sdkCall((done) =>
        ava.qb.chat.dialog.create({ type: 3, occupants_ids: [bianca.userId], is_joinable: 1 }, done),
      ),
    ).rejects.toThrow(/422/);
    await expect(
      sdkCall((done) => ava.qb.chat.dialog.update(dialog._id, { is_joinable: 1 }, done)),
    ).rejects.toThrow(/422/);
  });

  it('chats with markers that REST history holds by the time they arrive', async () => {
    const received = bianca.listen('onMessageListener');
    const delivered = ava.listen('onDeliveredStatusListener');
    const read = ava.listen('onReadStatusListener');
    const id = ava.qb.chat.send(bianca.userId, {
      type: 'chat',
      body: 'How are you feeling today?',
      extension: { save_to_history: 1, dialog_id: dialog._id },
      markable: 1,
    });
    const [from, message] = await received.next(([, m]) => m.id === id);
    expect(from).toBe(ava.userId);
    expect(message).toMatchObject({ body: 'How are you feeling today?', markable: 1, dialog_id: dialog._id });
    // Bianca's SDK sent 'received' on its own (a markable message from someone else).
    expect(await delivered.next(([messageId]) => messageId === id)).toEqual([id, dialog._id, bianca.userId]);
    const listed = await sdkCall((done) =>
      ava.qb.chat.message.list({ chat_dialog_id: dialog._id, _id: id }, done),
    );
    expect(listed.items[0].delivered_ids.sort()).toEqual([ava.userId, bianca.userId]);
    bianca.qb.chat.sendReadStatus({ messageId: id, userId: ava.userId, dialogId: dialog._id });
    expect(await read.next(([messageId]) => messageId === id)).toEqual([id, dialog._id, bianca.userId]);
    const again = await sdkCall((done) =>
      ava.qb.chat.message.list({ chat_dialog_id: dialog._id, _id: id }, done),
    );
    expect(again.items[0].read_ids.sort()).toEqual([ava.userId, bianca.userId]);
    expect(again.items).toHaveLength(1);
  });

  it("delivers a message sharing a file once its recipient may open it ({id: uid}, as the vendor's apps send)", async () => {
    const blob = await sdkCall<{ uid: string }>((done) =>
      ava.qb.content.createAndUpload(
        { file: PNG_1X1, name: 'scan.png', type: 'image/png', size: PNG_1X1.length },
        done,
      ),
    );
    const received = bianca.listen('onMessageListener');
    const id = ava.qb.chat.send(bianca.userId, {
      type: 'chat',
      body: '[attachment]',
      extension: {
        save_to_history: 1,
        dialog_id: dialog._id,
        attachments: [{ id: blob.uid, type: 'image' }],
      },
    });
    // Bianca's app opens the file the moment the message arrives, as the apps show images.
    const opened = await received
      .next(([, message]) => message.id === id)
      .then(([, message]) => open(bianca.qb.content.privateUrl(message.extension.attachments[0].id)));
    expect(opened).toEqual({ status: 200, type: 'image/png' });
  });

  it('shows typing both ways', async () => {
    const atBianca = bianca.listen('onMessageTypingListener');
    ava.qb.chat.sendIsTypingStatus(bianca.userId);
    expect(await atBianca.next()).toEqual([true, ava.userId, null]);
    const atAva = ava.listen('onMessageTypingListener');
    bianca.qb.chat.sendIsStopTypingStatus(ava.userId);
    expect(await atAva.next()).toEqual([false, bianca.userId, null]);
  });

  it('takes a REST system message without text and delivers it as one', async () => {
    const system = bianca.listen('onSystemMessageListener');
    const created = await sdkCall((done) =>
      ava.qb.chat.message.create(
        { chat_dialog_id: dialog._id, system: 1, param1: 'value1', param2: 'value2' },
        done,
      ),
    );
    expect(created).toMatchObject({ chat_dialog_id: dialog._id, param1: 'value1', param2: 'value2' });
    const [message] = await system.next(([m]) => m.id === created._id);
    expect(message.userId).toBe(ava.userId);
    expect(message.body).toBeNull();
    expect(message.extension).toEqual(expect.objectContaining({ param1: 'value1', param2: 'value2' }));
    // Not history: the dialog lists no message for it.
    const listed = await sdkCall((done) =>
      ava.qb.chat.message.list({ chat_dialog_id: dialog._id, _id: created._id }, done),
    );
    expect(listed.items).toEqual([]);
  });

  it('refuses a REST system message to a group dialog', async () => {
    const group = await sdkCall((done) =>
      ava.qb.chat.dialog.create({ type: 2, name: 'System test', occupants_ids: [bianca.userId] }, done),
    );
    await expect(
      sdkCall((done) =>
        ava.qb.chat.message.create({ chat_dialog_id: group._id, system: 1, param1: 'v' }, done),
      ),
    ).rejects.toThrow(/422/);
  });
});

describe('the SDK in Node, users on the chat server', () => {
  it('gets the last activity of users who are not contacts, and an error for nobody', async () => {
    const last = ava.listen('onLastUserActivityListener');
    ava.qb.chat.getLastUserActivity(999999999999000);
    expect(await last.next(([userId]) => userId === 999999999999000)).toEqual([999999999999000, undefined]);
    ava.qb.chat.getLastUserActivity(bianca.userId);
    expect(await last.next(([userId]) => userId === bianca.userId)).toEqual([bianca.userId, 0]);
    // Clara is offline and no contact of Ava's: how long ago she was last seen.
    ava.qb.chat.getLastUserActivity(clara.chatId);
    const [, seconds] = await last.next(([userId]) => userId === clara.chatId);
    expect(seconds).toBeGreaterThan(0);
  });

  it("answers pings of the server and of users, and leaves a ping of nobody unanswered ('No answer')", async () => {
    expect(await ping(ava)).toBeNull();
    expect(await ping(ava, ava.userId)).toBeNull();
    expect(await ping(ava, clara.chatId)).toBeNull();
    expect(await ping(ava, -1)).toBe('No answer');
    expect(await ping(ava, 2_000_000_000)).toBe('No answer');
  });

  it('adds a contact without a stray unavailable presence either way', async () => {
    const atAva = ava.listen('onContactListListener');
    const atBianca = bianca.listen('onContactListListener');
    const confirmed = ava.listen('onConfirmSubscribeListener');
    bianca.qb.chat.onSubscribeListener = (userId: number) =>
      bianca.qb.chat.roster.confirm(userId, () => undefined);
    ava.qb.chat.roster.add(bianca.userId, () => undefined);
    expect(await confirmed.next()).toEqual([bianca.userId]);
    // Each side hears the other come online: the presence without a type (the vendor's spec).
    expect(await atAva.next()).toEqual([bianca.userId]);
    expect(await atBianca.next()).toEqual([ava.userId]);
    const roster = await new Promise<Sdk>((resolve) => ava.qb.chat.roster.get(resolve));
    expect(roster[bianca.userId]).toEqual({ subscription: 'both', ask: null });
    expect([...atAva.calls, ...atBianca.calls].filter(([, type]) => type === 'unavailable')).toEqual([]);
  });
});
