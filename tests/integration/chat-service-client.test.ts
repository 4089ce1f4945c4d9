/**
 * `src/rest`'s chat-service client against the real server: signed sessions (SHA-1, the server's
 * default hash; SHA-256 is covered against a server configured for it in qb-session.test.ts),
 * expiry from the header, the expired-session hook with a retry, blob create-and-upload, the
 * empty address-book rule, AI validation before sending, and error mapping.
 */
import { describe, expect, inject, it } from 'vitest';
import { member, personas } from '../../fixtures';
import { ChatServiceError, createChatService, type ChatServiceOptions } from '../../src/rest';
import { qbClient } from '../support/qb';

const stack = inject('stack');
const qb = qbClient(stack.url);
const clara = member('clara');
const credentials = { login: clara.chatLogin, password: clara.chatPassword };

const service = (extra: Partial<ChatServiceOptions> = {}) =>
  createChatService({ apiUrl: `${stack.url}/qb`, ...personas.chatApp, ...extra });

describe('the chat-service client', () => {
  it('opens a signed session and tracks its expiry one minute early', async () => {
    const chat = service({ hash: 'sha1' });
    const session = await chat.client.createSession(credentials);
    expect(session.user_id).toBe(clara.chatId);
    const left = chat.client.expiry.expiresAt! - Date.now();
    expect(left).toBeGreaterThan(118 * 60_000);
    expect(left).toBeLessThan(120 * 60_000);
    expect(await chat.client.getSession()).toMatchObject({ session: { token: session.token } });
    // The server checks SHA-1 unless configured otherwise.
    const refused = await service({ hash: 'sha256' })
      .client.createSession(credentials)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ChatServiceError);
    expect(refused).toMatchObject({ code: 422, message: 'Unprocessable Entity' });
  });

  it('gets a new session through the hook when the server ended it, and retries once', async () => {
    let renewed = 0;
    const chat = service({
      onSessionExpired: async () => {
        renewed += 1;
        return chat.client.createSession(credentials);
      },
    });
    const first = await chat.client.createSession(credentials);
    await qb.call('DELETE', '/session.json', { token: first.token });
    const dialogs = await chat.dialogs.list({ limit: 5 });
    expect(dialogs.limit).toBe(5);
    expect(renewed).toBe(1);
    expect(chat.client.token).not.toBe(first.token);
  });

  it('creates, uploads and completes a blob, and reads it back through the private URL', async () => {
    const chat = service();
    await chat.client.createSession(credentials);
    const png = new Uint8Array(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    const blob = await chat.content.createAndUpload({
      file: new Blob([png], { type: 'image/png' }),
      name: 'strip.png',
    });
    expect(blob).toMatchObject({ name: 'strip.png', size: png.length, content_type: 'image/png' });
    expect((await chat.content.info(blob.id)).blob_status).toBe('complete');
    const download = await fetch(chat.content.privateUrl(blob.uid));
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(png);
  });

  it('sends and lists messages, counts unread and treats an empty address book as empty', async () => {
    const chat = service();
    await chat.client.createSession(credentials);
    const dialog = await chat.dialogs.create({ type: 3, occupants_ids: [member('fatima').chatId] });
    expect(dialog.occupants_ids).toEqual([clara.chatId, member('fatima').chatId].sort());
    const png = new Uint8Array(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    const blob = await chat.content.createAndUpload({
      file: new Blob([png], { type: 'image/png' }),
      name: 'scan one.png',
    });
    const attachment = { type: 'image', id: String(blob.id), uid: blob.uid, name: 'scan one.png', size: 16 };
    const sent = await chat.messages.create({
      chat_dialog_id: dialog._id,
      message: 'From the client',
      topic: 'x',
      attachments: [attachment],
    });
    expect(sent).toMatchObject({
      message: 'From the client',
      topic: 'x',
      sender_id: clara.chatId,
      attachments: [attachment],
    });
    const listed = await chat.messages.list({
      chat_dialog_id: dialog._id,
      sort_desc: 'date_sent',
      limit: 1,
      mark_as_read: 0,
    });
    expect(listed.items[0]!._id).toBe(sent._id);
    expect((await chat.messages.unreadCount([dialog._id]))[dialog._id]).toBe(0);
    expect(await chat.addressBook.get()).toEqual([]);
    expect(await chat.addressBook.registeredUsers()).toEqual([]);
    expect(await chat.users.get({ login: 'member-fatima' })).toMatchObject({ id: member('fatima').chatId });
  });

  it('maps errors and validates AI history before sending anything', async () => {
    const chat = service();
    await chat.client.createSession(credentials);
    await expect(
      chat.ai.answerAssist('a1', 'Hi', [{ role: 'robot', message: 'x' }] as never),
    ).rejects.toThrow('Invalid role in history item');
    const refused = await chat.users.update(200001, { full_name: 'Not me' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ChatServiceError);
    expect(refused).toMatchObject({ code: 403, message: 'Forbidden' });
    const invalid = await chat.dialogs.create({ type: 2, occupants_ids: [200001] }).catch((e: unknown) => e);
    expect(invalid).toMatchObject({ code: 422, message: 'Unprocessable Entity' });
    expect((invalid as ChatServiceError).texts[0]).toMatch(/^name /);
    const unconfigured = await chat.ai.translate('a1', 'Hola').catch((e: unknown) => e);
    expect(unconfigured).toMatchObject({ code: 503, message: 'Unknown error' });
    expect((unconfigured as ChatServiceError).texts[0]).toMatch(/not configured/);
  });
});
