/**
 * Ranges, prefixes and order on fields hidden from the caller are refused (docs/security.md
 * "Chat-service input"; issue 10 finding 7): another user's e-mail and phone are not shown
 * (docs/wire/hosted-chat.md §4), so `total_entries` must not reveal them piece by piece. An exact
 * match answers what `/users/by_email.json` and `/users/phone.json` answer anyway: the user, with
 * the e-mail still hidden, or nobody (the vendor's spec filters by e-mail, issue 23).
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { member } from '../../fixtures';
import { qbClient } from '../support/qb';

const stack = inject('stack');
const qb = qbClient(stack.url);
const bianca = member('bianca');
let avaToken = '';

beforeAll(async () => {
  avaToken = await qb.memberSession('ava');
});

const users = (query: string) => qb.call('GET', `/users.json?${query}`, { token: avaToken });
const filter = (...items: string[]) => items.map((i) => `filter[]=${encodeURIComponent(i)}`).join('&');

describe('GET /users.json on hidden fields', () => {
  it('refuses a range on e-mail or phone instead of answering through total_entries', async () => {
    for (const hidden of [
      `string email ge ${bianca.email.slice(0, 3)}`,
      `string email lt ${bianca.email}`,
      `string email ne ${bianca.email}`,
      'string phone ge +',
      'string phone between +1,+2',
    ]) {
      const answer = await users(filter(`number id eq ${bianca.chatId}`, hidden));
      expect(answer.status, hidden).toBe(422);
      expect(answer.body.errors).toHaveProperty('filter');
      expect(answer.body).not.toHaveProperty('total_entries');
    }
  });

  it('answers an exact e-mail or phone match as by_email does: the user without them, or nobody', async () => {
    const byEmail = await users(filter(`string email eq ${bianca.email.toUpperCase()}`));
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.items.map((i: { user: { id: number } }) => i.user.id)).toEqual([bianca.chatId]);
    expect(byEmail.body.items[0].user.email).toBeNull();
    expect(byEmail.text).not.toContain(bianca.email);
    const nobody = await users(filter('string email eq nobody@nowhere.com'));
    expect(nobody.status).toBe(200);
    expect(nobody.body).toMatchObject({ total_entries: 0, items: [] });
    const some = await users(filter(`string email in nobody@nowhere.com,${bianca.email}`));
    expect(some.body.total_entries).toBe(1);
    expect((await users(filter('string phone eq +10000000000'))).body.total_entries).toBe(0);
  });

  it('refuses ordering by a hidden field, and still filters and orders by visible ones', async () => {
    for (const order of ['asc string email', 'desc string phone']) {
      const answer = await users(`order=${encodeURIComponent(order)}`);
      expect(answer.status, order).toBe(422);
      expect(answer.body.errors).toHaveProperty('order');
    }
    const visible = await users(
      `${filter(`number id eq ${bianca.chatId}`, `string login eq ${bianca.chatLogin}`)}&order=${encodeURIComponent('desc string login')}`,
    );
    expect(visible.status).toBe(200);
    expect(visible.body.total_entries).toBe(1);
  });
});
