/** Wire §5.1 and §14.2: one call sends a text or an attachment to a private or group dialog. */
import { describe, expect, it } from 'vitest';
import { DIALOG_TYPE } from '../../../src/shared';
import { ChatNotConnectedError, XmppError, isObjectId, type DialogDescriptor } from '../../../src/xmpp';
import { connectedTestClient } from '../../../src/xmpp/testing';

const PRIVATE: DialogDescriptor = {
  id: '5f0c1a2b3c4d5e6f7a8b9c0d',
  type: DIALOG_TYPE.private,
  memberId: 200001,
};
const GROUP: DialogDescriptor = { id: '5f0c1a2b3c4d5e6f7a8b9c0e', type: DIALOG_TYPE.group, memberId: null };

describe('sendToDialog', () => {
  it('sends a private dialog’s text to the member as a markable chat message saved to history', async () => {
    const { client, mock } = await connectedTestClient();
    const out = mock.catchOutgoing((e) => e.name === 'message');
    const id = client.messages.sendToDialog(PRIVATE, { body: 'Hello Ava' });
    const stanza = await out;
    expect(isObjectId(id)).toBe(true);
    expect(stanza.attrs).toEqual({ to: '200001-1001@localhost', type: 'chat', id });
    expect(stanza.childText('body')).toBe('Hello Ava');
    expect(stanza.child('markable', 'urn:xmpp:chat-markers:0')).toBeDefined();
    const extension = stanza.child('extraParams')!;
    expect(extension.childText('save_to_history')).toBe('1');
    expect(extension.childText('dialog_id')).toBe(PRIVATE.id);
    expect(extension.child('attachment')).toBeUndefined();
  });

  it('sends a group dialog’s attachment to its room as groupchat, with the given id and no markers', async () => {
    const { client, mock } = await connectedTestClient();
    const out = mock.catchOutgoing((e) => e.name === 'message');
    const id = client.messages.sendToDialog(GROUP, {
      id: '6a0c1a2b3c4d5e6f7a8b9c0d',
      body: '[attachment]',
      attachments: [{ id: '42', uid: 'u42', type: 'image', name: 'scan.jpg', size: 1200 }],
    });
    const stanza = await out;
    expect(id).toBe('6a0c1a2b3c4d5e6f7a8b9c0d');
    expect(stanza.attrs).toEqual({ to: `1001_${GROUP.id}@muc.localhost`, type: 'groupchat', id });
    expect(stanza.child('markable', 'urn:xmpp:chat-markers:0')).toBeUndefined();
    const extension = stanza.child('extraParams')!;
    expect(extension.childText('dialog_id')).toBe(GROUP.id);
    expect(extension.child('attachment')?.attrs).toMatchObject({
      id: '42',
      uid: 'u42',
      name: 'scan.jpg',
      size: '1200',
    });
  });

  it('names where a dialog’s stanzas go, and refuses a private dialog without a member', async () => {
    const { client } = await connectedTestClient();
    expect(client.helpers.dialogRecipient(PRIVATE)).toBe(200001);
    expect(client.helpers.dialogRecipient(GROUP)).toBe(`1001_${GROUP.id}@muc.localhost`);
    const unknown = { ...PRIVATE, memberId: null };
    expect(client.helpers.dialogRecipient(unknown)).toBeNull();
    expect(() => client.messages.sendToDialog(unknown, { body: 'x' })).toThrow(XmppError);
  });

  it("refuses offline with 'Chat is not connected'", async () => {
    const { client } = await connectedTestClient();
    await client.disconnect();
    expect(() => client.messages.sendToDialog(PRIVATE, { body: 'x' })).toThrow(ChatNotConnectedError);
  });
});
