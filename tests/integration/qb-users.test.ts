/**
 * Users (docs/wire/hosted-chat.md §4): list with filters and order, every lookup, create with the
 * vendor's 422 field errors, update with the old password, delete, password reset; other users'
 * contact details hidden and their accounts untouchable; expired sessions refused.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { member } from '../../fixtures';
import { qbClient } from '../support/qb';

const stack = inject('stack');
const qb = qbClient(stack.url);
const ava = member('ava');
const unique = `${Date.now().toString(36)}`;
let avaToken = '';
let appToken = '';

beforeAll(async () => {
  avaToken = await qb.memberSession('ava');
  appToken = await qb.createSession();
});

async function signUp(fields: Record<string, unknown>) {
  return qb.call('POST', '/users.json', { token: appToken, form: { user: fields } });
}

describe('POST /users.json', () => {
  it('creates a member with an application session and answers 201 {user}', async () => {
    const answer = await signUp({
      login: `nora-${unique}`,
      password: 'nora-pass-1',
      email: `nora-${unique}@member.example`,
      full_name: 'Nora Quist',
      phone: `+45 1234 ${unique}`,
      facebook_id: `fb-${unique}`,
      twitter_id: `tw-${unique}`,
      tag_list: ['ivf', 'dk'],
      external_user_id: `ext-${unique}`,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.user).toMatchObject({
      login: `nora-${unique}`,
      full_name: 'Nora Quist',
      email: `nora-${unique}@member.example`,
      user_tags: 'ivf,dk',
      facebook_id: `fb-${unique}`,
      twitter_id: `tw-${unique}`,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
  });

  it('answers 422 with field errors for bad or taken values', async () => {
    const short = await signUp({ login: `x-${unique}`, password: 'short' });
    expect(short.status).toBe(422);
    expect(short.body.errors.password[0]).toMatch(/too short/);
    const taken = await signUp({ login: ava.chatLogin, password: 'long-enough-1' });
    expect(taken.body).toEqual({ errors: { login: ['has already been taken'] } });
    expect((await signUp({ password: 'long-enough-1' })).body.errors).toHaveProperty('login');
    expect((await qb.call('POST', '/users.json', { token: appToken, form: {} })).status).toBe(422);
  });
});

describe('GET /users.json and lookups', () => {
  it('filters with one comma-joined filter[] and orders', async () => {
    const answer = await qb.call('GET', '/users.json', {
      token: avaToken,
      form: {
        filter: ['number id in 200001,200002,200003', 'string login ne member-clara'],
        order: 'desc string full_name',
        per_page: 5,
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ current_page: 1, per_page: 5, total_entries: 2 });
    expect(answer.body.items.map((i: { user: { id: number } }) => i.user.id)).toEqual([200002, 200001]);
  });

  it("shows the caller's own email but not other users'", async () => {
    const answer = await qb.call('GET', '/users.json', {
      token: avaToken,
      form: { filter: ['number id in 200001,200002'] },
    });
    const byId = Object.fromEntries(
      answer.body.items.map((i: { user: { id: number } }) => [i.user.id, i.user]),
    );
    expect(byId[200001].email).toBe(ava.email);
    expect(byId[200002].email).toBeNull();
  });

  it('finds users by id, login, email, full name, tags and external id', async () => {
    expect((await qb.call('GET', '/users/200002.json', { token: avaToken })).body.user.login).toBe(
      'member-bianca',
    );
    expect(
      (await qb.call('GET', '/users/by_login.json', { token: avaToken, form: { login: 'member-clara' } }))
        .body.user.id,
    ).toBe(200003);
    expect(
      (
        await qb.call('GET', '/users/by_email.json', {
          token: avaToken,
          form: { email: 'Daniela.Moreno@member.example' },
        })
      ).body.user.id,
    ).toBe(200004);
    const byName = await qb.call('GET', '/users/by_full_name.json', {
      token: avaToken,
      form: { full_name: 'quist' },
    });
    expect(byName.body.items[0].user.full_name).toBe('Nora Quist');
    const byTags = await qb.call('GET', '/users/by_tags.json', { token: avaToken, form: { tags: ['ivf'] } });
    expect(byTags.body.items.map((i: { user: { login: string } }) => i.user.login)).toContain(
      `nora-${unique}`,
    );
    expect(
      (await qb.call('GET', `/users/external/ext-${unique}.json`, { token: avaToken })).body.user.full_name,
    ).toBe('Nora Quist');
    expect((await qb.call('GET', '/users/999999.json', { token: avaToken })).status).toBe(404);
  });

  it('finds users by Facebook id, Twitter id and phone (§4 lookups; the phone path is literally phone)', async () => {
    const lookup = (path: string, form: Record<string, string>) =>
      qb.call('GET', path, { token: avaToken, form });
    const byFacebook = await lookup('/users/by_facebook_id.json', { facebook_id: `fb-${unique}` });
    expect(byFacebook.status).toBe(200);
    expect(byFacebook.body.user).toMatchObject({ login: `nora-${unique}`, facebook_id: `fb-${unique}` });
    const byTwitter = await lookup('/users/by_twitter_id.json', { twitter_id: `tw-${unique}` });
    expect(byTwitter.status).toBe(200);
    expect(byTwitter.body.user).toMatchObject({ login: `nora-${unique}`, twitter_id: `tw-${unique}` });
    const byPhone = await lookup('/users/phone.json', { phone: `+45 1234 ${unique}` });
    expect(byPhone.status).toBe(200);
    // Found by it, but another user's phone number is not shown.
    expect(byPhone.body.user).toMatchObject({ login: `nora-${unique}`, phone: null });

    expect((await lookup('/users/by_facebook_id.json', { facebook_id: 'fb-nobody' })).status).toBe(404);
    expect((await lookup('/users/by_twitter_id.json', { twitter_id: 'tw-nobody' })).status).toBe(404);
    expect((await lookup('/users/phone.json', { phone: '+00 0000' })).status).toBe(404);
    const blank = await lookup('/users/phone.json', {});
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toHaveProperty('phone');
  });

  it('refuses bad filters and needs a user session', async () => {
    expect(
      (await qb.call('GET', '/users.json', { token: avaToken, form: { filter: ['string password eq x'] } }))
        .status,
    ).toBe(422);
    const appOnly = await qb.call('GET', '/users.json', { token: appToken });
    expect(appOnly.status).toBe(403);
    expect(appOnly.body).toEqual({ errors: { base: ['Forbidden. Need user.'] } });
  });
});

describe('PUT and DELETE /users/{id}.json', () => {
  it('updates the own profile and changes the password only with the old one', async () => {
    await signUp({ login: `olga-${unique}`, password: 'olga-pass-1' });
    const token = await qb.createSession({ login: `olga-${unique}`, password: 'olga-pass-1' });
    const me = (await qb.call('GET', '/session.json', { token })).body.session.user_id;
    const renamed = await qb.call('PUT', `/users/${me}.json`, {
      token,
      form: { user: { full_name: 'Olga K', website: 'https://olga.example' } },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.user).toMatchObject({ full_name: 'Olga K', website: 'https://olga.example' });
    const noOld = await qb.call('PUT', `/users/${me}.json`, {
      token,
      form: { user: { password: 'olga-pass-2' } },
    });
    expect(noOld.body).toEqual({ errors: { old_password: ['is invalid'] } });
    const changed = await qb.call('PUT', `/users/${me}.json`, {
      token,
      form: { user: { password: 'olga-pass-2', old_password: 'olga-pass-1' } },
    });
    expect(changed.status).toBe(200);
    await expect(qb.createSession({ login: `olga-${unique}`, password: 'olga-pass-2' })).resolves.toMatch(
      /^[0-9a-f]{40}$/,
    );

    expect((await qb.call('DELETE', `/users/${me}.json`, { token })).status).toBe(200);
    expect((await qb.call('GET', `/users/${me}.json`, { token: avaToken })).status).toBe(404);
  });

  it("refuses another user's account, a provider's chat password and deleting a portal account", async () => {
    expect(
      (
        await qb.call('PUT', '/users/200002.json', {
          token: avaToken,
          form: { user: { full_name: 'Hacked' } },
        })
      ).status,
    ).toBe(403);
    expect((await qb.call('DELETE', '/users/200002.json', { token: avaToken })).status).toBe(403);
    expect((await qb.call('DELETE', `/users/${ava.chatId}.json`, { token: avaToken })).status).toBe(403);
    const { token } = await qb.providerSession('bruno');
    const provider = await qb.call('PUT', '/users/100002.json', {
      token,
      form: { user: { password: 'new-password-1', old_password: 'whatever' } },
    });
    expect(provider.status).toBe(403);
    expect(JSON.stringify(provider.body)).toContain('managed by the portal');
  });
});

describe('GET /users/password/reset.json', () => {
  it('mails a member a one-time link that sets a new chat password', async () => {
    const email = `pia-${unique}@member.example`;
    await signUp({ login: `pia-${unique}`, password: 'pia-pass-01', email });
    const answer = await qb.call('GET', '/users/password/reset.json', { token: appToken, form: { email } });
    expect(answer.status).toBe(200);
    expect(
      (
        await qb.call('GET', '/users/password/reset.json', {
          token: appToken,
          form: { email: 'nobody@x.example' },
        })
      ).status,
    ).toBe(200);

    // The mail goes out after the answer (no account enumeration).
    const outbox = path.join(stack.dataDir, 'outbox');
    await expect
      .poll(async () =>
        (await readdir(outbox).catch(() => [] as string[])).some(
          (f) => f.includes(`pia-${unique}`) && f.endsWith('.eml'),
        ),
      )
      .toBe(true);
    // A mail is written as `.eml.partial` and renamed when whole: read only the whole one.
    const file = (await readdir(outbox)).find((f) => f.includes(`pia-${unique}`) && f.endsWith('.eml'));
    const link = /https?:\/\/\S+confirm\?\S+/.exec(await readFile(path.join(outbox, file!), 'utf8'))![0];
    expect((await fetch(link)).status).toBe(200);
    const saved = await fetch(link, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'password=pia-pass-02',
    });
    expect(saved.status).toBe(200);
    await expect(qb.createSession({ login: `pia-${unique}`, password: 'pia-pass-02' })).resolves.toBeTruthy();
    expect((await fetch(link)).status).toBe(410);
  });
});
