/**
 * Issue 27 item 8, a second factor for providers (docs/security.md "Second factor"), against the
 * real server: enrolment of an authenticator app and of a passkey (a software one, written from
 * WebAuthn itself), sign-in with each and with a recovery code, wrong answers limited per step and
 * per account, no code or passkey answer accepted twice, a half-signed-in token good for nothing
 * else, fresh proofs to change the factors, and the old sign-in and kick unchanged without one; a
 * session a second step ended in logs in to the chat as any session does.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { apiClient } from '../support/api';
import { wsUrl } from '../support/chat-harness';
import { openRawXmpp } from '../support/raw-xmpp';
import { ROOT } from '../support/stack';
import { appCode, enrolApp, enrolPasskey, wrongCode } from '../support/second-factor';
import type { RequestOptions } from '../support/soft-passkey';

const stack = inject('stack');
const api = apiClient(stack);

interface Step {
  token: string;
  purpose: 'VERIFY' | 'ENROL';
  methods: string[];
  expiresInSeconds: number;
  triesLeft: number;
}

let address = 0;
/** A client address of its own for each test, so the per-address limits of one do not meet another. */
const someAddress = () => `10.127.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

async function signIn(email: string, password: string, from: string) {
  return api.call<{ token?: string; secondStep?: Step }>('POST', '/user/user/sign/in/doctor', {
    form: { email, password },
    from,
  });
}

async function secondStep(email: string, password: string, from: string): Promise<Step> {
  const answer = await signIn(email, password, from);
  if (!answer.data.secondStep)
    throw new Error(`no second step: ${answer.code} ${JSON.stringify(answer.data)}`);
  return answer.data.secondStep;
}

const complete = (token: string, proof: unknown, from: string) =>
  api.call<{ token: string; triesLeft?: number }>('POST', '/user/user/sign/in/doctor/second-step', {
    token,
    json: proof,
    from,
  });

const doctorInfo = (token: string) => api.call('GET', '/consultation/invite/doctor/getInfo', { token });

describe('second factor: authenticator app', () => {
  it('is set up in Settings with a code, and then every sign-in needs a code', async () => {
    const from = someAddress();
    const fresh = await api.signUpFresh('totp');
    const started = await api.call<{ secret: string; uri: string }>(
      'POST',
      '/user/doctor/second-factor/totp/start',
      {
        token: fresh.token,
      },
    );
    expect(started.code).toBe('OK');
    expect(started.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.data.uri).toContain('otpauth://totp/');
    expect(decodeURIComponent(started.data.uri)).toContain(fresh.email);

    const wrong = await api.call('POST', '/user/doctor/second-factor/totp', {
      token: fresh.token,
      form: { code: wrongCode(started.data.secret) },
    });
    expect([wrong.status, wrong.code]).toEqual([400, 'SECOND_FACTOR_INVALID']);
    // Not confirmed yet: the password alone still signs in.
    expect((await signIn(fresh.email, fresh.password, from)).data.token).toBeTruthy();
    const session = (await signIn(fresh.email, fresh.password, from)).data.token!;

    const confirmed = await api.call<{
      recoveryCodes: string[];
      signedIn: null;
      factors: { totp: unknown; recoveryCodesLeft: number };
    }>('POST', '/user/doctor/second-factor/totp', {
      token: session,
      form: { code: appCode(started.data.secret) },
    });
    expect(confirmed.code).toBe('OK');
    expect(confirmed.data.recoveryCodes).toHaveLength(10);
    expect(confirmed.data.recoveryCodes[0]).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    expect(confirmed.data.signedIn).toBeNull();
    expect(confirmed.data.factors.totp).not.toBeNull();
    expect(confirmed.data.factors.recoveryCodesLeft).toBe(10);
    const again = await api.call('POST', '/user/doctor/second-factor/totp/start', { token: session });
    expect([again.status, again.code]).toEqual([409, 'INVALID_STATE']);

    // The password now opens a second step, not a session: the older session is not kicked.
    const step = await secondStep(fresh.email, fresh.password, from);
    expect(step).toMatchObject({ purpose: 'VERIFY', methods: ['totp', 'recovery'], triesLeft: 5 });
    expect(step.expiresInSeconds).toBeGreaterThan(200);
    expect((await doctorInfo(session)).code).toBe('OK');
    // The half-signed-in token reaches nothing but the second step.
    expect((await doctorInfo(step.token)).code).toBe('TOKEN_ERR_NOT_FOUND');

    // The confirmation took the code of this time step; the next step's code signs in.
    const done = await complete(step.token, { method: 'totp', code: appCode(started.data.secret, 1) }, from);
    expect(done.code).toBe('OK');
    expect((await doctorInfo(done.data.token)).code).toBe('OK');
    expect((await doctorInfo(session)).code).toBe('TOKEN_ERR_KICKED');
    // The session the step ended in is a session like the password's: its chat logs in.
    const chat = await api.call<{ password: string; quickBloxId: number }>(
      'GET',
      '/message/qb/user/getInfo',
      {
        token: done.data.token,
      },
    );
    expect(chat.code).toBe('OK');
    const stream = await openRawXmpp({
      url: wsUrl(stack),
      domain: stack.chatDomain,
      username: `${chat.data.quickBloxId}-${stack.appId}`,
      password: chat.data.password,
    });
    stream.close();
    // The finished step is over.
    expect((await complete(step.token, { method: 'totp', code: '123456' }, from)).code).toBe(
      'TOKEN_ERR_NOT_FOUND',
    );
  });

  it('accepts each code once: a replayed code is refused, even by two requests at once', async () => {
    const from = someAddress();
    const fresh = await api.signUpFresh('replay');
    const app = await enrolApp(api, fresh.token);
    const first = await secondStep(fresh.email, fresh.password, from);
    const code = appCode(app.secret, 1);
    expect((await complete(first.token, { method: 'totp', code }, from)).code).toBe('OK');
    const replay = await secondStep(fresh.email, fresh.password, from);
    const refused = await complete(replay.token, { method: 'totp', code }, from);
    expect([refused.status, refused.code]).toEqual([400, 'SECOND_FACTOR_INVALID']);
    expect(refused.data.triesLeft).toBe(4);

    // One fresh code sent by two sign-ins at the same moment: one session, one refusal.
    const other = await api.signUpFresh('replay-race');
    const otherApp = await enrolApp(api, other.token);
    const steps = [
      await secondStep(other.email, other.password, from),
      await secondStep(other.email, other.password, from),
    ];
    const racing = appCode(otherApp.secret, 1);
    const answers = await Promise.all(
      steps.map((s) => complete(s.token, { method: 'totp', code: racing }, from)),
    );
    expect(answers.map((r) => r.code).sort()).toEqual(['OK', 'SECOND_FACTOR_INVALID']);
  });

  it('ends a step after five wrong answers; signing in again starts afresh', async () => {
    const from = someAddress();
    const fresh = await api.signUpFresh('tries');
    const app = await enrolApp(api, fresh.token);
    const step = await secondStep(fresh.email, fresh.password, from);
    const tries: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await complete(step.token, { method: 'totp', code: wrongCode(app.secret) }, from);
      expect(answer.code).toBe('SECOND_FACTOR_INVALID');
      tries.push(answer.data.triesLeft!);
    }
    expect(tries).toEqual([4, 3, 2, 1, 0]);
    const over = await complete(step.token, { method: 'totp', code: appCode(app.secret, 1) }, from);
    expect([over.status, over.code, over.message]).toEqual([
      401,
      'TOKEN_ERR_NOT_FOUND',
      'Too many wrong answers; please sign in again',
    ]);
    const again = await secondStep(fresh.email, fresh.password, from);
    expect((await complete(again.token, { method: 'totp', code: appCode(app.secret, 1) }, from)).code).toBe(
      'OK',
    );
  });

  it('counts a step’s tries atomically, and limits the account without locking its owner out', async () => {
    const owner = someAddress();
    const stranger = someAddress();
    const fresh = await api.signUpFresh('burst');
    const app = await enrolApp(api, fresh.token);
    // The owner has finished a sign-in from her address before.
    const known = await secondStep(fresh.email, fresh.password, owner);
    expect(
      (await complete(known.token, { method: 'recovery', code: app.recoveryCodes![0] }, owner)).code,
    ).toBe('OK');

    // Ten wrong answers at once on one step: five are checked, the rest find the step over.
    const burst = await secondStep(fresh.email, fresh.password, stranger);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        complete(burst.token, { method: 'totp', code: wrongCode(app.secret) }, stranger),
      ),
    );
    expect(answers.filter((a) => a.code === 'SECOND_FACTOR_INVALID')).toHaveLength(5);
    expect(answers.filter((a) => a.code === 'TOKEN_ERR_NOT_FOUND')).toHaveLength(5);
    expect(
      (await complete(burst.token, { method: 'totp', code: appCode(app.secret, 1) }, stranger)).code,
    ).toBe('TOKEN_ERR_NOT_FOUND');

    // Five more on a new step make ten failures from this address on this account…
    const more = await secondStep(fresh.email, fresh.password, stranger);
    for (let i = 0; i < 5; i++) {
      const answer = await complete(more.token, { method: 'totp', code: wrongCode(app.secret) }, stranger);
      expect(answer.code).toBe('SECOND_FACTOR_INVALID');
    }
    // …so a new step from it waits, even with the right code…
    const limited = await secondStep(fresh.email, fresh.password, stranger);
    const refused = await complete(limited.token, { method: 'totp', code: appCode(app.secret, 1) }, stranger);
    expect([refused.status, refused.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // …so does another address that never finished a sign-in (the account's ceiling)…
    const newcomer = someAddress();
    const elsewhere = await secondStep(fresh.email, fresh.password, newcomer);
    expect(
      (await complete(elsewhere.token, { method: 'totp', code: appCode(app.secret, 1) }, newcomer)).code,
    ).toBe('RATE_LIMITED');
    // …while the owner, from her known address, is not held up.
    const mine = await secondStep(fresh.email, fresh.password, owner);
    expect((await complete(mine.token, { method: 'totp', code: appCode(app.secret, 1) }, owner)).code).toBe(
      'OK',
    );
  });
});

describe('second factor: recovery codes', () => {
  it('signs in with each code once, as typed in any case or grouping', async () => {
    const from = someAddress();
    const fresh = await api.signUpFresh('recovery');
    const app = await enrolApp(api, fresh.token);
    const [first, second] = app.recoveryCodes!;
    const step = await secondStep(fresh.email, fresh.password, from);
    const typed = first!.toLowerCase().replace(/-/g, ' ');
    const done = await complete(step.token, { method: 'recovery', code: typed }, from);
    expect(done.code).toBe('OK');
    const used = await secondStep(fresh.email, fresh.password, from);
    const refused = await complete(used.token, { method: 'recovery', code: first }, from);
    expect([refused.code, refused.message]).toEqual([
      'SECOND_FACTOR_INVALID',
      'This recovery code is wrong or was used already',
    ]);
    expect((await complete(used.token, { method: 'recovery', code: second }, from)).code).toBe('OK');
    const list = await api.call<{ recoveryCodesLeft: number }>('GET', '/user/doctor/second-factor', {
      token: (
        await complete(
          (await secondStep(fresh.email, fresh.password, from)).token,
          { method: 'totp', code: appCode(app.secret, 1) },
          from,
        )
      ).data.token,
    });
    expect(list.data.recoveryCodesLeft).toBe(8);
  });
});

describe('second factor: passkeys', () => {
  it('a passkey is added in Settings and signs in; a replayed, foreign or cloned answer is refused', async () => {
    const from = someAddress();
    const fresh = await api.signUpFresh('passkey');
    const options = await api.call<{ rp: { id: string }; user: { name: string } }>(
      'POST',
      '/user/doctor/second-factor/passkey/options',
      { token: fresh.token },
    );
    expect(options.data.rp.id).toBe('localhost');
    expect(options.data.user.name).toBe(fresh.email);
    const { passkey, recoveryCodes } = await enrolPasskey(api, fresh.token, stack.port, 'Office key');
    expect(recoveryCodes).toHaveLength(10);
    const factors = await api.call<{ passkeys: Array<{ name: string; lastUsedAt: string | null }> }>(
      'GET',
      '/user/doctor/second-factor',
      { token: fresh.token },
    );
    expect(factors.data.passkeys).toMatchObject([{ name: 'Office key', lastUsedAt: null }]);

    const step = await secondStep(fresh.email, fresh.password, from);
    expect(step.methods).toEqual(['passkey', 'recovery']);
    const challenge = await api.call<RequestOptions>(
      'POST',
      '/user/user/sign/in/doctor/second-step/passkey-options',
      {
        token: step.token,
      },
    );
    expect(challenge.data.allowCredentials?.map((c) => c.id)).toEqual([passkey.credentialId]);
    const assertion = passkey.get(challenge.data);
    const done = await complete(step.token, { method: 'passkey', credential: assertion }, from);
    expect(done.code).toBe('OK');
    expect((await doctorInfo(done.data.token)).code).toBe('OK');

    // The same answer again: its challenge was used.
    const replay = await secondStep(fresh.email, fresh.password, from);
    const replayed = await complete(replay.token, { method: 'passkey', credential: assertion }, from);
    expect(replayed.code).toBe('SECOND_FACTOR_INVALID');
    // An answer made for another origin (a phishing page).
    const phished = await api.call<RequestOptions>(
      'POST',
      '/user/user/sign/in/doctor/second-step/passkey-options',
      {
        token: replay.token,
      },
    );
    const foreign = passkey.get(phished.data, { origin: 'https://portal.example.evil' });
    expect((await complete(replay.token, { method: 'passkey', credential: foreign }, from)).code).toBe(
      'SECOND_FACTOR_INVALID',
    );
    // A counter that goes back: a cloned authenticator.
    const cloned = await api.call<RequestOptions>(
      'POST',
      '/user/user/sign/in/doctor/second-step/passkey-options',
      {
        token: replay.token,
      },
    );
    expect(
      (
        await complete(
          replay.token,
          { method: 'passkey', credential: passkey.get(cloned.data, { counter: 1 }) },
          from,
        )
      ).code,
    ).toBe('SECOND_FACTOR_INVALID');
    // The real passkey, fresh challenge, counter moving on: accepted.
    passkey.counter = 10;
    const fine = await api.call<RequestOptions>(
      'POST',
      '/user/user/sign/in/doctor/second-step/passkey-options',
      {
        token: replay.token,
      },
    );
    expect(
      (await complete(replay.token, { method: 'passkey', credential: passkey.get(fine.data) }, from)).code,
    ).toBe('OK');
  });

  it('refuses a second registration of the same passkey and an answer for another challenge', async () => {
    const fresh = await api.signUpFresh('passkey-twice');
    const { passkey } = await enrolPasskey(api, fresh.token, stack.port);
    const options = await api.call<{ challenge: string; rp: { name: string }; user: { id: string } }>(
      'POST',
      '/user/doctor/second-factor/passkey/options',
      { token: fresh.token },
    );
    const again = await api.call('POST', '/user/doctor/second-factor/passkey', {
      token: fresh.token,
      json: { name: 'Again', credential: passkey.create(options.data) },
    });
    expect(again.code).toBe('SECOND_FACTOR_INVALID');
    const invented = await api.call('POST', '/user/doctor/second-factor/passkey', {
      token: fresh.token,
      json: {
        name: 'Invented',
        credential: passkey.create({ ...options.data, challenge: 'bm90LWlzc3VlZA' }),
      },
    });
    expect(invented.code).toBe('SECOND_FACTOR_INVALID');
  });
});

describe('second factor: the half-signed-in step', () => {
  it('cannot enrol a factor of its own, ends when abandoned, and a session token is no step token', async () => {
    const from = someAddress();
    const fresh = await api.signUpFresh('half');
    const app = await enrolApp(api, fresh.token);
    const step = await secondStep(fresh.email, fresh.password, from);
    for (const path of [
      '/user/doctor/second-factor/totp/start',
      '/user/doctor/second-factor/passkey/options',
    ]) {
      expect((await api.call('POST', path, { token: step.token })).code, path).toBe('TOKEN_ERR_NOT_FOUND');
    }
    expect((await api.call('GET', '/user/doctor/second-factor', { token: step.token })).code).toBe(
      'TOKEN_ERR_NOT_FOUND',
    );
    const sessionAtStep = await complete(fresh.token, { method: 'totp', code: appCode(app.secret, 1) }, from);
    expect(sessionAtStep.code).toBe('TOKEN_ERR_NOT_FOUND');
    expect(
      (await api.call('POST', '/user/user/sign/in/doctor/second-step/abandon', { token: step.token })).code,
    ).toBe('OK');
    const after = await complete(step.token, { method: 'totp', code: appCode(app.secret, 1) }, from);
    expect([after.code, after.message]).toEqual([
      'TOKEN_ERR_NOT_FOUND',
      'This sign-in was cancelled; please sign in again',
    ]);
  });

  it('ends when the password changes', async () => {
    const from = someAddress();
    const fresh = await api.signUpFresh('half-password');
    const app = await enrolApp(api, fresh.token);
    const step = await secondStep(fresh.email, fresh.password, from);
    const changed = await api.call('POST', '/user/user/sign/modify/doctor/password', {
      token: fresh.token,
      form: { oldPassword: fresh.password, password: 'Changed-pass-2027' },
    });
    expect(changed.code).toBe('OK');
    const after = await complete(step.token, { method: 'totp', code: appCode(app.secret, 1) }, from);
    expect([after.code, after.message]).toEqual([
      'TOKEN_ERR_NOT_FOUND',
      'Your password was changed; please sign in again',
    ]);
  });
});

describe('second factor: changes need a fresh proof', () => {
  it('removes a factor and replaces the recovery codes only with a proof made now', async () => {
    const fresh = await api.signUpFresh('remove');
    const app = await enrolApp(api, fresh.token);
    const { passkey } = await enrolPasskey(api, fresh.token, stack.port);
    const listed = await api.call<{
      passkeys: Array<{ id: number }>;
      totp: unknown;
      recoveryCodesLeft: number;
    }>('GET', '/user/doctor/second-factor', { token: fresh.token });
    expect(listed.data.recoveryCodesLeft).toBe(10);
    const remove = (proof: unknown) =>
      api.call<{ totp: unknown; passkeys: unknown[] }>('POST', '/user/doctor/second-factor/remove', {
        token: fresh.token,
        json: { factor: { kind: 'totp' }, proof },
      });
    expect((await remove(undefined)).code).toBe('VALIDATION_ERROR');
    expect((await remove({ method: 'totp', code: wrongCode(app.secret) })).code).toBe(
      'SECOND_FACTOR_INVALID',
    );
    const options = await api.call<RequestOptions>(
      'POST',
      '/user/doctor/second-factor/proof/passkey-options',
      {
        token: fresh.token,
      },
    );
    const removed = await remove({ method: 'passkey', credential: passkey.get(options.data) });
    expect(removed.code).toBe('OK');
    expect(removed.data.totp).toBeNull();

    const regenerate = (proof: unknown) =>
      api.call<{ recoveryCodes: string[] }>('POST', '/user/doctor/second-factor/recovery-codes', {
        token: fresh.token,
        json: { proof },
      });
    // The app is gone: its codes prove nothing now.
    expect((await regenerate({ method: 'totp', code: appCode(app.secret, 1) })).code).toBe(
      'SECOND_FACTOR_INVALID',
    );
    const renewed = await regenerate({ method: 'recovery', code: app.recoveryCodes![0] });
    expect(renewed.code).toBe('OK');
    expect(renewed.data.recoveryCodes).toHaveLength(10);
    expect((await regenerate({ method: 'recovery', code: app.recoveryCodes![1] })).code).toBe(
      'SECOND_FACTOR_INVALID',
    );

    // The last factor goes with a proof, and takes the recovery codes with it: the password signs in alone again.
    const last = await api.call<{ passkeys: unknown[]; recoveryCodesLeft: number }>(
      'POST',
      '/user/doctor/second-factor/remove',
      {
        token: fresh.token,
        json: {
          factor: { kind: 'passkey', id: listed.data.passkeys[0]!.id },
          proof: { method: 'recovery', code: renewed.data.recoveryCodes[0] },
        },
      },
    );
    expect(last.code).toBe('OK');
    expect(last.data).toMatchObject({ passkeys: [], recoveryCodesLeft: 0 });
    expect((await signIn(fresh.email, fresh.password, someAddress())).data.token).toBeTruthy();
  });
});

describe('second factor: the operator’s reset', () => {
  it('removes every factor of a provider who lost them all, through npm run admin', async () => {
    const from = someAddress();
    const fresh = await api.signUpFresh('reset');
    const app = await enrolApp(api, fresh.token);
    await enrolPasskey(api, fresh.token, stack.port);
    const open = await secondStep(fresh.email, fresh.password, from);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'scripts/admin.ts'), 'second-factor', 'reset', fresh.email],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: stack.dataDir } },
    );
    expect(stdout).toContain('removed 1 passkey(s), the authenticator app and the recovery codes');
    expect(stdout).toContain('1 open sign-in step(s) ended');
    expect((await complete(open.token, { method: 'totp', code: appCode(app.secret, 1) }, from)).code).toBe(
      'TOKEN_ERR_NOT_FOUND',
    );
    const answer = await signIn(fresh.email, fresh.password, from);
    expect(answer.data.token).toBeTruthy();
    const factors = await api.call<{ passkeys: unknown[]; totp: unknown; recoveryCodesLeft: number }>(
      'GET',
      '/user/doctor/second-factor',
      { token: answer.data.token },
    );
    expect(factors.data).toMatchObject({ passkeys: [], totp: null, recoveryCodesLeft: 0 });
  });
});
