/**
 * Custom objects (docs/wire/hosted-chat.md §7): create (JSON and form), list with filters, sort and
 * count, get by ids, update with operators, delete by id / ids / criteria (DELETE with a form body),
 * file fields; another user's records refused.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { qbClient, type Loose } from '../support/qb';

const stack = inject('stack');
const qb = qbClient(stack.url);
const CLASS = `Cycle${Date.now().toString(36)}`;
let ava = '';
let bianca = '';

beforeAll(async () => {
  [ava, bianca] = (await Promise.all(['ava', 'bianca'].map((k) => qb.memberSession(k)))) as [string, string];
});

const create = (token: string, record: unknown) =>
  qb.call('POST', `/data/${CLASS}.json`, { token, json: record });
const list = (token: string, query = '') => qb.call('GET', `/data/${CLASS}.json${query}`, { token });

describe('records', () => {
  it('creates records with JSON or form bodies in the vendor shape', async () => {
    const json = await create(ava, { day: 1, temp: 36.4, tags: ['bbt'] });
    expect(json.status).toBe(201);
    expect(json.body).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      _parent_id: null,
      user_id: 200001,
      day: 1,
      temp: 36.4,
      tags: ['bbt'],
    });
    expect(typeof json.body.created_at).toBe('number');
    const form = await qb.call('POST', `/data/${CLASS}.json`, {
      token: ava,
      form: { day: '2', temp: '36.7', _parent_id: json.body._id },
    });
    expect(form.body).toMatchObject({ day: '2', temp: '36.7', _parent_id: json.body._id });
    for (const [day, temp] of [
      [3, 36.9],
      [4, 36.5],
    ])
      await create(ava, { day, temp });
    await create(bianca, { day: 1, temp: 37.1 });
    expect((await create(ava, { 'bad name': 1 })).status).toBe(422);
    expect((await qb.call('POST', '/data/9bad.json', { token: ava, json: { a: 1 } })).status).toBe(422);
  });

  it('lists own records only, with filters, sort, limit and count', async () => {
    const all = await list(ava);
    expect(all.body).toMatchObject({ class_name: CLASS, skip: 0, limit: 100 });
    expect(all.body.items).toHaveLength(4);
    expect(all.body.items.every((r: Loose) => r.user_id === 200001)).toBe(true);
    const warm = await list(ava, '?temp[gte]=36.6&sort_desc=temp');
    expect(warm.body.items.map((r: Loose) => Number(r.temp))).toEqual([36.9, 36.7]);
    expect((await list(ava, '?day[in]=1,3&sort_asc=day')).body.items.map((r: Loose) => r.day)).toEqual([
      1, 3,
    ]);
    expect((await list(ava, '?tags[all]=bbt')).body.items).toHaveLength(1);
    expect((await list(ava, '?count=1')).body).toEqual({ items_count: 4 });
    expect((await list(ava, '?limit=2&skip=1&sort_asc=created_at')).body.items).toHaveLength(2);
    expect((await list(ava, '?limit=-1')).body.items).toHaveLength(1);
    expect((await list(ava, '?day[near]=1')).status).toBe(422);
    expect((await list(ava, '?group_by=day')).status).toBe(422);
  });

  it('gets by ids and updates with plain values and operators, own records only', async () => {
    const [first, second] = (await list(ava, '?sort_asc=created_at')).body.items;
    const both = await qb.call('GET', `/data/${CLASS}/${first._id},${second._id}.json`, { token: ava });
    expect(both.body.items).toHaveLength(2);
    const updated = await qb.call('PUT', `/data/${CLASS}/${first._id}.json`, {
      token: ava,
      json: { note: 'spotting', inc: { day: 10 }, push: { tags: 'lh' }, add_to_set: { tags: 'bbt' } },
    });
    expect(updated.body).toMatchObject({ note: 'spotting', day: 11, tags: ['bbt', 'lh'] });
    const pulled = await qb.call('PUT', `/data/${CLASS}/${first._id}.json`, {
      token: ava,
      json: { pull: { tags: 'lh' } },
    });
    expect(pulled.body.tags).toEqual(['bbt']);

    expect((await qb.call('GET', `/data/${CLASS}/${first._id}.json`, { token: bianca })).status).toBe(403);
    expect(
      (await qb.call('PUT', `/data/${CLASS}/${first._id}.json`, { token: bianca, json: { note: 'x' } }))
        .status,
    ).toBe(403);
    expect(
      (await qb.call('GET', `/data/${CLASS}/ffffffffffffffffffffffff.json`, { token: ava })).status,
    ).toBe(404);
  });

  it('stores, serves and deletes file fields', async () => {
    const record = (await create(ava, { day: 9 })).body;
    const form = new FormData();
    form.append('field_name', 'photo');
    form.append('file', new Blob([Buffer.from('GIF89a....')], { type: 'image/gif' }), 'strip.gif');
    const uploaded = await fetch(`${stack.url}/qb/data/${CLASS}/${record._id}/file.json`, {
      method: 'POST',
      body: form,
      headers: { 'QB-Token': ava },
    });
    expect(uploaded.status).toBe(200);
    expect((await uploaded.json()).photo).toMatchObject({
      name: 'strip.gif',
      content_type: 'image/gif',
      size: 10,
    });
    const url = `${stack.url}/qb/data/${CLASS}/${record._id}/file.json?field_name=photo`;
    const file = await fetch(`${url}&token=${ava}`);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('GIF89a....');
    expect((await fetch(`${url}&token=${bianca}`)).status).toBe(403);
    const removed = await qb.call('DELETE', `/data/${CLASS}/${record._id}/file.json`, {
      token: ava,
      form: { field_name: 'photo' },
    });
    expect(removed.status).toBe(200);
    expect((await fetch(`${url}&token=${ava}`)).status).toBe(404);
  });

  it('deletes by id, by ids and by criteria (a form body on DELETE), own records only', async () => {
    const theirs = (await list(bianca)).body.items[0];
    expect((await qb.call('DELETE', `/data/${CLASS}/${theirs._id}.json`, { token: ava })).status).toBe(403);
    const mine = (await list(ava, '?sort_asc=created_at')).body.items as Loose[];
    const one = await qb.call('DELETE', `/data/${CLASS}/${mine[0]._id}.json`, { token: ava });
    expect(JSON.parse(one.text).SuccessfullyDeleted.ids).toEqual([mine[0]._id]);
    const many = await qb.call(
      'DELETE',
      `/data/${CLASS}/${mine[1]._id},${theirs._id},ffffffffffffffffffffffff.json`,
      { token: ava },
    );
    expect(JSON.parse(many.text)).toEqual({
      SuccessfullyDeleted: { ids: [mine[1]._id] },
      WrongPermissions: { ids: [theirs._id] },
      NotFound: { ids: ['ffffffffffffffffffffffff'] },
    });
    const criteria = await qb.call('DELETE', `/data/${CLASS}/by_criteria.json`, {
      token: ava,
      form: { 'day[gte]': 3 },
    });
    expect(criteria.body.total_deleted).toBeGreaterThanOrEqual(2);
    expect((await list(ava, '?day[gte]=3')).body.items).toHaveLength(0);
    expect((await list(bianca)).body.items).toHaveLength(1);
  });
});
