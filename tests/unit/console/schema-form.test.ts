/**
 * Issue 14 "a chat-private frame built from a form over the protobuf schema": the form model is
 * generated from `UserChat` of proto/ by protobufjs reflection (one input per field by type,
 * enums as selects, nested messages as fieldsets, repeated as lists), and the inputs are checked
 * before a frame is sent; what passes encodes with the generated codec.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import {
  emptyOne,
  emptyValues,
  formModel,
  readForm,
  type FieldModel,
} from '../../../src/console/schema-form';
import { appsocket } from '../../../src/socket/generated/app-socket';

function userChat() {
  const root = new protobuf.Root();
  for (const file of ['enums', 'items', 'messages'])
    protobuf.parse(readFileSync(path.join('proto', `${file}.proto`), 'utf8'), root, { keepCase: true });
  root.resolveAll();
  return root.lookupType('appsocket.UserChat');
}

const field = (model: FieldModel[], name: string) => model.find((f) => f.name === name)!;

describe('the form over UserChat', () => {
  const type = userChat();
  const model = formModel(type);

  it('has one input per field of the schema, by type', () => {
    expect(model.map((f) => f.name)).toEqual(type.fieldsArray.map((f) => f.name));
    expect(field(model, 'client_msg_id')).toMatchObject({
      key: 'clientMsgId',
      kind: 'string',
      repeated: false,
    });
    expect(field(model, 'receiver_chat_id')).toMatchObject({
      key: 'receiverChatId',
      kind: 'integer',
      type: 'int64',
    });
    const status = field(model, 'status');
    expect(status.kind).toBe('enum');
    expect(status.options?.map((o) => o.name)).toEqual(Object.keys(appsocket.ChatMessageStatus));
    const items = field(model, 'items');
    expect(items).toMatchObject({ kind: 'message', repeated: true, type: 'UserReplyItem' });
    expect(items.fields?.map((f) => [f.name, f.kind, f.oneof])).toEqual([
      ['text', 'message', 'content'],
      ['image', 'message', 'content'],
      ['line', 'message', 'content'],
      ['button', 'message', 'content'],
    ]);
    expect(field(field(items.fields!, 'image').fields!, 'width')).toMatchObject({
      kind: 'integer',
      type: 'int32',
    });
  });

  it('reads filled inputs into the plain object the codec encodes', () => {
    const values = emptyValues(model);
    expect(values.items).toEqual([]);
    const item = emptyOne(field(model, 'items')) as Record<string, unknown>;
    const read = readForm(model, {
      ...values,
      clientMsgId: 'c-1',
      receiverChatId: '42',
      items: [{ ...item, text: { text: 'Hello' } }],
    });
    expect(read.problems).toEqual([]);
    expect(read.message).toEqual({
      clientMsgId: 'c-1',
      receiverChatId: 42,
      items: [{ text: { text: 'Hello' } }],
    });
    const bytes = appsocket.UserChat.encode(read.message as appsocket.UserChat.$Properties).finish();
    const decoded = appsocket.UserChat.decode(bytes);
    // int64 decodes as a Long where long.js is installed, as here.
    expect(String(decoded.receiverChatId)).toBe('42');
    expect(decoded.items).toMatchObject([{ text: { text: 'Hello' } }]);
  });

  it('refuses what the schema cannot hold before anything is sent', () => {
    const item = emptyOne(field(model, 'items')) as Record<string, Record<string, string>>;
    const read = readForm(model, {
      ...emptyValues(model),
      receiverChatId: '4.5',
      clientTime: 'soon',
      status: '99',
      items: [{ ...item, text: { text: 'a' }, image: { ...item.image!, url: 'u', width: '3000000000' } }],
    });
    expect(read.problems).toEqual([
      'client_time: not a whole number',
      'receiver_chat_id: not a whole number',
      'status: not a value of ChatMessageStatus',
      'items[0].image.width: outside int32',
      'items[0].content: one of text, image, not several',
    ]);
  });
});
