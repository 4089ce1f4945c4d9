/**
 * Group dialogs with the vendor's SDK in Node (issue 23 items 5–10; tests/support/vendor-sdk-node.ts),
 * as its spec QB-ChatSpec.js plays them: join without a phantom subject message, room messages
 * carrying `dialog_id`, refused joins that call back with code '500' (a dialog that does not exist,
 * a user who is not an occupant, a dialog that is not joinable), removal by the owner reaching the
 * removed member as a kick with the owner as actor, and `is_joinable` — occupants of a dialog that
 * is not joinable post without joining (docs/wire/hosted-chat.md §5.1, §17).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../support/stack';
import { sdkCall, sdkMember, trustStack, type Sdk, type SdkMember } from '../support/vendor-sdk-node';

let stack: TestStack;
let ava: SdkMember;
let bianca: SdkMember;
let clara: SdkMember;

beforeAll(async () => {
  stack = await startStack({ env: { TLS: 'self-signed' } });
  trustStack(stack);
  ava = await sdkMember(stack, 'ava');
  bianca = await sdkMember(stack, 'bianca');
  clara = await sdkMember(stack, 'clara');
  for (const who of [ava, bianca, clara]) await who.connect();
});

afterAll(async () => {
  for (const who of [ava, bianca, clara]) await who?.close();
  await stack?.stop({ remove: true });
});

/** `muc.join` as the vendor's apps call it: (error, response). */
const join = (who: SdkMember, room: string) =>
  new Promise<{ error: Sdk; response: Sdk }>((resolve) =>
    who.qb.chat.muc.join(room, (error: Sdk, response: Sdk) => resolve({ error, response })),
  );

const createDialog = (who: SdkMember, params: Record<string, unknown>) =>
  sdkCall((done) => who.qb.chat.dialog.create(params, done));
const updateDialog = (who: SdkMember, id: string, params: Record<string, unknown>) =>
  sdkCall((done) => who.qb.chat.dialog.update(id, params, done));

/** Bianca sends into the room as the vendor's spec does; resolves with what she got back. */
async function biancaPosts(room: string, body: string): Promise<Sdk[]> {
  const received = bianca.listen('onMessageListener');
  const id = bianca.qb.chat.send(room, {
    type: 'groupchat',
    body,
    extension: { name: 'skynet', mission: 'take over the planet', save_to_history: 1 },
    markable: 1,
  });
  await received.next(([, message]) => message.id === id);
  return received.calls;
}

describe('a joinable group dialog', () => {
  let dialog: Sdk;

  beforeAll(async () => {
    dialog = await createDialog(ava, { type: 2, name: 'joinable', occupants_ids: [bianca.userId] });
  });

  it('is joinable by default and joins without a phantom subject message', async () => {
    expect(dialog.is_joinable).toBe(1);
    expect(dialog.xmpp_room_jid).toContain(stack.chatDomain);
    expect((await join(ava, dialog.xmpp_room_jid)).error).toBeNull();
    const joined = ava.listen('onJoinOccupant');
    const received = bianca.listen('onMessageListener');
    expect(await join(bianca, dialog.xmpp_room_jid)).toEqual({
      error: null,
      response: { dialogId: dialog._id },
    });
    expect(await joined.next()).toEqual([dialog._id, bianca.userId]);
    const calls = await biancaPosts(dialog.xmpp_room_jid, 'Warning! People are coming!');
    // Whatever the room sent on join came before her own message: nothing from user null.
    expect(received.calls.filter(([userId]) => userId === null)).toEqual([]);
    const [userId, message] = calls.at(-1)!;
    expect(userId).toBe(bianca.userId);
    expect(message).toMatchObject({ type: 'groupchat', body: 'Warning! People are coming!', markable: 1 });
    expect(message.extension).toMatchObject({
      name: 'skynet',
      mission: 'take over the planet',
      dialog_id: dialog._id,
    });
    const online = await new Promise<number[]>((resolve) =>
      ava.qb.chat.muc.listOnlineUsers(dialog.xmpp_room_jid, resolve),
    );
    expect(online.sort()).toEqual([ava.userId, bianca.userId].sort());
  });

  it("refuses a join of a dialog that does not exist, and of someone who is no occupant, with code '500'", async () => {
    const nowhere = await join(clara, `${stack.appId}_53fc460b515c128132016675@muc.${stack.chatDomain}`);
    expect(nowhere.error).toMatchObject({ code: '500', message: expect.any(String) });
    const outsider = await join(clara, dialog.xmpp_room_jid);
    expect(outsider.error).toMatchObject({ code: '500', message: expect.any(String) });
    expect(outsider.response).toEqual({ dialogId: dialog._id });
  });

  it('kicks an occupant the owner removes, naming the owner, and refuses her join after', async () => {
    const kicked = bianca.listen('onKickOccupant');
    const updated = await updateDialog(ava, dialog._id, { pull_all: { occupants_ids: [bianca.userId] } });
    expect(updated.occupants_ids).toEqual([ava.userId]);
    expect(await kicked.next()).toEqual([dialog._id, ava.userId]);
    expect((await join(bianca, dialog.xmpp_room_jid)).error).toMatchObject({ code: '500' });
    await updateDialog(ava, dialog._id, { push_all: { occupants_ids: [bianca.userId] } });
    expect((await join(bianca, dialog.xmpp_room_jid)).error).toBeNull();
  });

  it('counts what the owner has not read', async () => {
    const counts = await sdkCall((done) =>
      ava.qb.chat.message.unreadCount({ chat_dialog_ids: [dialog._id] }, done),
    );
    expect(counts[dialog._id]).toBe(1);
    expect(counts.total).toBeGreaterThanOrEqual(1);
  });
});

describe('is_joinable', () => {
  it('lets only the owner change it, and then nobody joins: occupants post without joining', async () => {
    const dialog = await createDialog(ava, { type: 2, name: 'to close', occupants_ids: [bianca.userId] });
    await expect(updateDialog(bianca, dialog._id, { is_joinable: 0 })).rejects.toThrow(/403/);
    const closed = await updateDialog(ava, dialog._id, { name: 'is_joinable=0', is_joinable: 0 });
    expect(closed).toMatchObject({ name: 'is_joinable=0', is_joinable: 0 });
    expect((await join(bianca, dialog.xmpp_room_jid)).error).toMatchObject({ code: '500' });
    expect((await join(ava, dialog.xmpp_room_jid)).error).toMatchObject({ code: '500' });
    const atAva = ava.listen('onMessageListener');
    const calls = await biancaPosts(dialog.xmpp_room_jid, 'posted without joining');
    const [userId, message] = calls.at(-1)!;
    expect(userId).toBe(bianca.userId);
    expect(message.extension.dialog_id).toBe(dialog._id);
    // The owner, not in the room either, gets it too; and it is history.
    const [, atOwner] = await atAva.next(([, m]) => m.id === message.id);
    expect(atOwner).toMatchObject({ body: 'posted without joining', dialog_id: dialog._id });
    const reopened = await updateDialog(ava, dialog._id, { is_joinable: 1 });
    expect(reopened.is_joinable).toBe(1);
    expect((await join(bianca, dialog.xmpp_room_jid)).error).toBeNull();
  });

  it('makes a group dialog not joinable from the start, never a public one', async () => {
    const closed = await createDialog(ava, {
      type: 2,
      name: 'joinable=0',
      occupants_ids: [bianca.userId],
      is_joinable: 0,
    });
    expect(closed.is_joinable).toBe(0);
    expect((await join(bianca, closed.xmpp_room_jid)).error).toMatchObject({ code: '500' });
    await expect(createDialog(ava, { type: 1, name: 'Public', is_joinable: 0 })).rejects.toThrow(/422/);
    const open = await createDialog(ava, { type: 1, name: 'Public Awesome chat' });
    expect(open.is_joinable).toBe(1);
    await expect(updateDialog(ava, open._id, { is_joinable: 0 })).rejects.toThrow(/422/);
    expect((await join(clara, open.xmpp_room_jid)).error).toBeNull();
  });
});
