/**
 * Address book (docs/wire/hosted-chat.md §8 and its 404 rule), push subscriptions and events (§9),
 * account settings (§2.8) and the AI extensions (§10): happy paths, validation, other users'
 * data refused.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { qbClient, type Loose } from '../support/qb';

const stack = inject('stack');
const qb = qbClient(stack.url);
let ava = '';
let bianca = '';
let fatima = '';
const phone = `+44 7700 9${String(Date.now()).slice(-5)}`;

beforeAll(async () => {
  [ava, bianca, fatima] = (await Promise.all(
    ['ava', 'bianca', 'fatima'].map((k) => qb.memberSession(k)),
  )) as [string, string, string];
});

describe('address book', () => {
  it('answers 404 "Empty address book" while empty, for both GETs', async () => {
    for (const path of ['/address_book.json', '/address_book/registered_users.json']) {
      const answer = await qb.call('GET', path, { token: fatima });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ errors: ['Empty address book'] });
    }
  });

  it('uploads contacts (rejecting bad ones), replaces with force, and reads per device', async () => {
    const upload = await qb.call('POST', '/address_book.json', {
      token: fatima,
      json: {
        contacts: [
          { name: 'Sister', phone: '+1 555 0100' },
          { name: 'Broken', phone: 'call me' },
        ],
      },
    });
    expect(upload.body).toEqual({
      deleted: 0,
      rejected: { 1: ['phone is invalid'] },
      created: 1,
      updated: 0,
    });
    expect((await qb.call('GET', '/address_book.json', { token: fatima })).body).toEqual([
      { name: 'Sister', phone: '+1 555 0100' },
    ]);
    const device = await qb.call('POST', '/address_book.json', {
      token: fatima,
      json: { udid: 'phone-1', contacts: [{ name: 'Mum', phone: '+1 555 0101' }] },
    });
    expect(device.body.created).toBe(1);
    // The SDK sends the udid as a JSON query string (§2.2).
    const quirk = await fetch(`${stack.url}/qb/address_book.json?{"udid":"phone-1"}`, {
      headers: { 'QB-Token': fatima },
    });
    expect(await quirk.json()).toEqual([{ name: 'Mum', phone: '+1 555 0101' }]);
    const replaced = await qb.call('POST', '/address_book.json', {
      token: fatima,
      json: { force: 1, contacts: [{ name: 'Dad', phone: '+1 555 0102' }] },
    });
    expect(replaced.body).toMatchObject({ deleted: 1, created: 1 });
    expect(
      (await qb.call('POST', '/address_book.json', { token: fatima, json: { contacts: 'nope' } })).status,
    ).toBe(422);
    // Bianca's book is her own.
    expect((await qb.call('GET', '/address_book.json', { token: bianca })).status).toBe(404);
  });

  it("answers the contacts in the order they were uploaded (the vendor's spec compares the list)", async () => {
    const contacts = [
      { name: 'Gordie Kann', phone: '1879108395' },
      { name: 'Wildon Gilleon', phone: '2759108396' },
      { name: 'Aston Center', phone: '3759108396' },
    ];
    await qb.call('POST', '/address_book.json', { token: bianca, json: { force: 1, contacts } });
    expect((await qb.call('GET', '/address_book.json', { token: bianca })).body).toEqual(contacts);
    // An update keeps a contact's place.
    await qb.call('POST', '/address_book.json', {
      token: bianca,
      json: { contacts: [{ name: 'Gordie Kann Updated', phone: '1879108395' }] },
    });
    expect(
      (await qb.call('GET', '/address_book.json', { token: bianca })).body.map((c: Loose) => c.name),
    ).toEqual(['Gordie Kann Updated', 'Wildon Gilleon', 'Aston Center']);
    await qb.call('POST', '/address_book.json', {
      token: bianca,
      json: { contacts: contacts.map((c) => ({ ...c, destroy: 1 })) },
    });
  });

  it('finds registered users among the contacts by phone', async () => {
    const me = (await qb.call('GET', '/session.json', { token: ava })).body.session.user_id;
    await qb.call('PUT', `/users/${me}.json`, { token: ava, form: { user: { phone } } });
    await qb.call('POST', '/address_book.json', {
      token: fatima,
      json: { contacts: [{ name: 'Ava', phone: phone.replace(/ /g, '') }] },
    });
    const full = await qb.call('GET', '/address_book/registered_users.json', { token: fatima });
    expect(full.body.items.map((i: Loose) => i.user.id)).toContain(me);
    const compact = await qb.call('GET', '/address_book/registered_users.json?compact=1', { token: fatima });
    expect(compact.body.items).toContainEqual({ user: { id: me, phone } });
  });
});

describe('push subscriptions and events', () => {
  it('stores, lists and deletes own subscriptions', async () => {
    const form = {
      notification_channel: 'gcm',
      push_token: { environment: 'development', client_identification_sequence: 'token-abc' },
      device: { platform: 'android', udid: 'pixel-1' },
    };
    const created = await qb.call('POST', '/subscriptions.json', { token: ava, form });
    expect(created.status).toBe(201);
    expect(created.body[0].subscription).toMatchObject({
      notification_channel: { name: 'gcm' },
      device: { udid: 'pixel-1', platform: { name: 'android' } },
    });
    const id = created.body[0].subscription.id;
    expect(
      (await qb.call('GET', '/subscriptions.json', { token: ava })).body.map((s: Loose) => s.subscription.id),
    ).toContain(id);
    expect(
      (await qb.call('GET', '/subscriptions.json', { token: bianca })).body.map(
        (s: Loose) => s.subscription.id,
      ),
    ).not.toContain(id);
    expect(
      (
        await qb.call('POST', '/subscriptions.json', {
          token: ava,
          form: { ...form, notification_channel: 'pigeon' },
        })
      ).status,
    ).toBe(422);
    expect((await qb.call('DELETE', `/subscriptions/${id}.json`, { token: bianca })).status).toBe(404);
    expect((await qb.call('DELETE', `/subscriptions/${id}.json`, { token: ava })).status).toBe(200);
  });

  it("takes notification_channels, one channel or several, as the vendor's spec sends it", async () => {
    const rest = {
      push_token: { environment: 'development', client_identification_sequence: 'token-xyz' },
      device: { platform: 'android', udid: 'jasmineUnique' },
    };
    const one = await qb.call('POST', '/subscriptions.json', {
      token: ava,
      form: { ...rest, notification_channels: 'gcm' },
    });
    expect(one.status).toBe(201);
    expect(one.body[0].subscription.device.platform.name).toBe('android');
    const two = await qb.call('POST', '/subscriptions.json', {
      token: ava,
      form: { ...rest, notification_channels: 'apns,apns_voip' },
    });
    expect(two.body.map((s: Loose) => s.subscription.notification_channel.name)).toEqual([
      'apns',
      'apns_voip',
    ]);
    expect(
      (
        await qb.call('POST', '/subscriptions.json', {
          token: ava,
          form: { ...rest, notification_channels: 'gcm,fax' },
        })
      ).status,
    ).toBe(422);
    for (const created of [...one.body, ...two.body])
      await qb.call('DELETE', `/subscriptions/${created.subscription.id}.json`, { token: ava });
  });

  it('stores events, lists them, reports their status and refuses others', async () => {
    await qb.call('POST', '/subscriptions.json', {
      token: bianca,
      form: {
        notification_channel: 'apns',
        push_token: { environment: 'production', client_identification_sequence: 'apns-1' },
        device: { platform: 'ios', udid: 'iphone-1' },
      },
    });
    const event = await qb.call('POST', '/events.json', {
      token: ava,
      json: {
        event: {
          notification_type: 'push',
          environment: 'production',
          message: Buffer.from('Hello').toString('base64'),
          user: { ids: [200002] },
        },
      },
    });
    expect(event.status).toBe(201);
    expect(event.body.event).toMatchObject({
      notification_type: 'push',
      event_type: 'one_shot',
      active: true,
      user_id: 200001,
    });
    const id = event.body.event.id;
    expect(
      (await qb.call('GET', '/events.json', { token: ava })).body.items.map((i: Loose) => i.event.id),
    ).toContain(id);
    expect((await qb.call('GET', `/events/${id}.json`, { token: ava })).body.event.id).toBe(id);
    const status = await qb.call('GET', `/events/${id}/status.json`, { token: ava });
    expect(status.body.event).toMatchObject({ id, status: 'stored', sent: 0, matching_subscriptions: 1 });
    expect((await qb.call('GET', `/events/${id}.json`, { token: bianca })).status).toBe(403);
    expect((await qb.call('DELETE', `/events/${id}.json`, { token: bianca })).status).toBe(403);
    expect((await qb.call('DELETE', `/events/${id}.json`, { token: ava })).status).toBe(200);
    expect((await qb.call('GET', `/events/${id}.json`, { token: ava })).status).toBe(404);
  });

  it('validates events as the SDK builds them (§9)', async () => {
    const bad = (event: Record<string, unknown>) =>
      qb.call('POST', '/events.json', { token: ava, json: { event } });
    expect((await bad({ notification_type: 'sms', environment: 'production', message: 'SGk=' })).status).toBe(
      422,
    );
    expect(
      (await bad({ notification_type: 'push', environment: 'production', message: 'not base64!' })).body
        .errors,
    ).toHaveProperty('message');
    expect(
      (
        await bad({
          notification_type: 'push',
          environment: 'production',
          message: 'plain',
          push_type: 'gcm',
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await bad({
          notification_type: 'push',
          environment: 'production',
          message: 'SGk=',
          event_type: 'period_date',
          date: 1,
        })
      ).body.errors,
    ).toHaveProperty('period');
  });
});

describe('account settings', () => {
  it("names this server's endpoints without a session", async () => {
    const answer = await qb.call('GET', '/account_settings.json');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      account_id: stack.appId,
      api_endpoint: `${stack.url}/qb`,
      chat_endpoint: stack.chatDomain,
      websocket_endpoint: `${stack.url.replace('http', 'ws')}/xmpp-websocket`,
      ice_servers: [],
    });
  });
});

describe('AI extensions', () => {
  it('validates the history with the SDK texts before anything else', async () => {
    const ask = (history: unknown) =>
      qb.call('POST', '/ai/ai_extensions/ai_answer_assist', {
        token: ava,
        json: { smart_chat_assistant_id: 'a1', message: 'Hi', history },
      });
    expect((await ask('x')).body).toEqual({ errors: ['History must be an array'] });
    expect((await ask([1])).body).toEqual({ errors: ['Each element of history must be an object'] });
    expect((await ask([{ role: 'user' }])).body).toEqual({
      errors: ['Each element of history must have an role and message fields'],
    });
    expect((await ask([{ role: 'bot', message: 'x' }])).body).toEqual({
      errors: ['Invalid role in history item'],
    });
    expect((await ask([{ role: 'user', message: 1 }])).body).toEqual({
      errors: ['Message of history item must be a string'],
    });
    expect(
      (await qb.call('POST', '/ai/ai_extensions/ai_answer_assist', { token: ava, json: { message: 'Hi' } }))
        .status,
    ).toBe(422);
  });

  it('says clearly that AI is not configured here', async () => {
    const assist = await qb.call('POST', '/ai/ai_extensions/ai_answer_assist', {
      token: ava,
      json: { smart_chat_assistant_id: 'a1', message: 'Hi', history: [{ role: 'user', message: 'Hello' }] },
    });
    expect(assist.status).toBe(503);
    expect(assist.body.errors[0]).toMatch(/not configured.*AI_API_URL/);
    const translate = await qb.call('POST', '/ai/ai_extensions/ai_translate', {
      token: ava,
      form: { smart_chat_assistant_id: 'a1', text: 'Hola', to_language: 'en' },
    });
    expect(translate.status).toBe(503);
    expect(
      (
        await qb.call('POST', '/ai/ai_extensions/ai_translate', {
          token: ava,
          form: { smart_chat_assistant_id: 'a1', text: 'Hola', to_language: 'english!' },
        })
      ).status,
    ).toBe(422);
  });
});
