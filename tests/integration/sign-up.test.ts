/**
 * Issue 27 item 6 against the real server (docs/security.md "Sign-up"): 60 sign-ups with registered
 * addresses from one client were answered 60 × EMAIL_TAKEN, 20 new accounts were made and mailed
 * in a row, and an account opened with someone else's address locked its owner out. Now a
 * registered address is answered like a new one and its owner gets a note; a client gets 10
 * sign-ups an hour and an address 5; nothing is made before the mailed code is entered, so a
 * stranger's sign-up with her address leaves the owner free to make her account.
 * The database side, concurrency and an older unconfirmed account: tests/unit/server/sign-up.test.ts.
 */
import { describe, expect, inject, it } from 'vitest';
import { apiClient, freshClientAddress } from '../support/api';
import { awaitMail, mailedCode, mailsTo, SIGN_UP_CODE } from '../support/mail';

const stack = inject('stack');
const api = apiClient(stack);
const SIGN_UP = '/user/user/sign/up/doctor';
const NOTE = /Someone tried to create a provider portal account with this address/;

let sequence = 0;
const newAddress = (prefix: string) => `${prefix}.${Date.now()}.${sequence++}@clinic.example`;
const form = (email: string, password = 'Signup-pass-2026') => ({
  email,
  password,
  firstName: 'Sina',
  lastName: 'Up',
});

interface Started {
  step: string;
  signUpId: string;
  sentTo: string;
  expiresInSeconds: number;
}

const signUpFrom = (from: string, email: string, password?: string) =>
  api.call<Started>('POST', SIGN_UP, { form: form(email, password), from });

describe('sign-up tells nothing about an address', () => {
  it('answers registered addresses like new ones, and mails their owners a note instead of a code', async () => {
    const owners = [await api.signUpFresh('owner-a'), await api.signUpFresh('owner-b')];
    const one = freshClientAddress();
    const taken = await signUpFrom(one, owners[0]!.email);
    const fresh = await signUpFrom(freshClientAddress(), newAddress('fresh'));
    for (const answer of [taken, fresh]) {
      expect([answer.status, answer.code, answer.data.step]).toEqual([200, 'OK', 'CODE_SENT']);
      expect(answer.data.signUpId).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(answer.data.expiresInSeconds).toBe(3600);
    }
    expect(Object.keys(taken.data).sort()).toEqual(Object.keys(fresh.data).sort());
    expect(taken.data.sentTo).toBe(owners[0]!.email);

    const note = await awaitMail(stack.dataDir, owners[0]!.email, NOTE);
    expect(note).toContain('/login');
    expect(note).not.toMatch(SIGN_UP_CODE);
    // Her own sign-up's code was the only one she got.
    expect(await mailsTo(stack.dataDir, owners[0]!.email, SIGN_UP_CODE)).toHaveLength(1);
    // No code exists for it: a guess makes nothing, and the owner still signs in with her password.
    const guess = await api.call('POST', `${SIGN_UP}/confirm`, {
      form: { signUpId: taken.data.signUpId, code: '123456' },
      from: one,
    });
    expect([guess.status, guess.code]).toEqual([400, 'VERIFICATION_CODE_INVALID']);
    expect(await api.signIn(owners[0]!.email, owners[0]!.password, freshClientAddress())).toMatch(/./);
  });

  it('gives one client 10 sign-ups an hour, registered addresses or new, and makes no account without its code', async () => {
    const owner = await api.signUpFresh('flood-owner');
    const client = freshClientAddress();
    // The 60 sign-ups with registered addresses, then 20 new ones, all from one client.
    const registered = [];
    for (let i = 0; i < 60; i++) registered.push(await signUpFrom(client, owner.email));
    const fresh = [];
    for (let i = 0; i < 20; i++) fresh.push(await signUpFrom(client, newAddress('flood')));
    const codes = [...registered, ...fresh].map((a) => a.code);
    expect(codes.filter((c) => c === 'EMAIL_TAKEN')).toEqual([]);
    // Four to the owner's address (her own sign-up was the first of its five an hour), then new
    // addresses until the client's ten are used up.
    expect(registered.slice(0, 4).map((a) => a.code)).toEqual(Array(4).fill('OK'));
    expect(codes.filter((c) => c === 'OK')).toHaveLength(10);
    const limited = [...registered, ...fresh].filter((a) => a.code === 'RATE_LIMITED');
    expect(limited).toHaveLength(70);
    for (const answer of limited) {
      expect(answer.status).toBe(429);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Six new sign-ups were taken and mailed; none is an account until its code is entered.
    for (const answer of fresh.filter((a) => a.code === 'OK')) {
      await mailedCode(stack.dataDir, answer.data.sentTo, SIGN_UP_CODE);
      const signIn = await api.call('POST', '/user/user/sign/in/doctor', {
        form: { email: answer.data.sentTo, password: 'Signup-pass-2026' },
        from: freshClientAddress(),
      });
      expect(signIn.code).toBe('BAD_CREDENTIALS');
    }
  });

  it('leaves the owner free to make her account after a stranger signed up with her address', async () => {
    const address = newAddress('owner');
    const stranger = await signUpFrom(freshClientAddress(), address, 'Strangers-2026');
    expect(stranger.code).toBe('OK');
    // His sign-up is no account: it holds nothing, and its code went to her.
    await awaitMail(stack.dataDir, address, SIGN_UP_CODE);
    const owner = await api.signUp(form(address));
    expect(owner.code).toBe('OK');
    expect(await api.signIn(address, 'Signup-pass-2026', freshClientAddress())).toMatch(/./);
    const strangers = await api.call('POST', '/user/user/sign/in/doctor', {
      form: { email: address, password: 'Strangers-2026' },
      from: freshClientAddress(),
    });
    expect(strangers.code).toBe('BAD_CREDENTIALS');
  });

  it('spends a sign-up after five wrong codes', async () => {
    const address = newAddress('tries');
    const from = freshClientAddress();
    const started = await signUpFrom(from, address);
    const code = await mailedCode(stack.dataDir, address, SIGN_UP_CODE);
    const wrong = code === '000000' ? '111111' : '000000';
    const confirm = (c: string) =>
      api.call('POST', `${SIGN_UP}/confirm`, { form: { signUpId: started.data.signUpId, code: c }, from });
    for (let i = 0; i < 5; i++) expect((await confirm(wrong)).code).toBe('VERIFICATION_CODE_INVALID');
    expect((await confirm(code)).code).toBe('VERIFICATION_CODE_INVALID');
  });
});
