/**
 * Issue 27 item 6 at the database (docs/security.md "Sign-up"): the account is made by the code
 * mailed to its address, never before; a registered address is answered like a new one and its
 * owner gets a note, no code; a sign-up with someone else's address leaves her free to sign up, and
 * closes an older account that never confirmed it; a sign-up's five tries hold when guesses arrive
 * together; sign-ups are limited per client and per address. Runs on PGlite, and on PostgreSQL too
 * when TEST_DATABASE_URL names a server.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerContext } from '../../../src/server/context';
import type { Mail, Mailer } from '../../../src/server/mail/mailer';
import { verifyPassword } from '../../../src/server/auth/passwords';
import {
  finishSignUp,
  sweepSignUps,
  takeSignUp,
  type SignUpDetails,
} from '../../../src/server/account/sign-up';
import { insertProvider, testEngines, type TestDatabase } from './db-fixture';

const CODE = /sign-up code is (\d{6})/;

let sequence = 0;
const details = (email = `new${sequence++}.${Date.now()}@clinic.example`): SignUpDetails => ({
  email,
  password: 'Brand-new-2026',
  firstName: 'Nora',
  lastName: 'Quinn',
  language: 'en',
  timezone: 'UTC',
  country: null,
});
/** A client address of its own, so that the per-client limit counts only where a test means it. */
const client = () => `10.1.${Math.floor(sequence / 200)}.${sequence++ % 200}`;

describe.each(testEngines('sign-up'))('sign-up on %s', (_name, open) => {
  let engine: TestDatabase;
  let ctx: ServerContext;
  const mails: Mail[] = [];
  const mailer: Mailer = { send: (mail) => Promise.resolve(void mails.push(mail)) };
  /** The mails to `email` once `count` of them went out (mail goes after the answer). */
  const mailsTo = async (email: string, count: number) => {
    await vi.waitFor(() => expect(mails.filter((m) => m.to === email).length).toBeGreaterThanOrEqual(count), {
      timeout: 30_000,
    });
    return mails.filter((m) => m.to === email);
  };
  const codeIn = (mail: Mail) => CODE.exec(mail.text)![1]!;
  const provider = (email: string) =>
    engine.db
      .selectFrom('providers')
      .selectAll()
      .where('email', '=', email)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst();

  beforeAll(async () => {
    engine = await open();
    ctx = {
      db: engine.db,
      log: { error: vi.fn() },
      config: { publicOrigin: 'https://portal.example' },
      secrets: { chatPasswordKey: 'unit-test-key' },
      events: { emitAndWait: () => Promise.resolve() },
    } as unknown as ServerContext;
  }, 60_000);
  afterAll(async () => {
    await engine?.close();
  });

  it('makes the account only with the mailed code, its address confirmed, and the code only once', async () => {
    const asked = details();
    const started = await takeSignUp(ctx, mailer, asked, client());
    expect(started).toMatchObject({ step: 'CODE_SENT', sentTo: asked.email, expiresInSeconds: 3600 });
    expect(started.signUpId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await provider(asked.email)).toBeUndefined();
    const [mail] = await mailsTo(asked.email, 1);
    const code = codeIn(mail!);

    const id = await finishSignUp(ctx, started.signUpId, code);
    const made = await provider(asked.email);
    expect(made).toMatchObject({ id, first_name: 'Nora', last_name: 'Quinn' });
    expect(made!.email_verified_at).not.toBeNull();
    expect(await verifyPassword(asked.password, made!.password_hash)).toBe(true);
    await expect(finishSignUp(ctx, started.signUpId, code)).rejects.toMatchObject({
      code: 'VERIFICATION_CODE_INVALID',
    });
  });

  it('answers a registered address like a new one and mails its owner a note, not a code', async () => {
    const ownerId = await insertProvider(engine.db);
    const owner = await engine.db
      .updateTable('providers')
      .set({ email_verified_at: new Date() })
      .where('id', '=', ownerId)
      .returning(['email', 'password_hash'])
      .executeTakeFirstOrThrow();
    const fresh = await takeSignUp(ctx, mailer, details(), client());
    const taken = await takeSignUp(ctx, mailer, details(owner.email), client());
    expect(Object.keys(taken).sort()).toEqual(Object.keys(fresh).sort());
    expect(taken).toMatchObject({ step: 'CODE_SENT', sentTo: owner.email, expiresInSeconds: 3600 });
    expect(taken.signUpId).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [note] = await mailsTo(owner.email, 1);
    expect(note!.subject).toBe('Someone tried to sign up with your address');
    expect(note!.text).toContain('https://portal.example/login');
    expect(note!.text).not.toMatch(/\d{6}/);
    for (const guess of ['000000', '123456'])
      await expect(finishSignUp(ctx, taken.signUpId, guess)).rejects.toMatchObject({
        code: 'VERIFICATION_CODE_INVALID',
      });
    expect((await provider(owner.email))!.password_hash).toBe(owner.password_hash);
  });

  it('leaves the owner free to sign up after someone else used her address, and binds each code to its sign-up', async () => {
    const address = details().email;
    const stranger = await takeSignUp(
      ctx,
      mailer,
      { ...details(address), password: 'Strangers-2026' },
      client(),
    );
    expect(await provider(address)).toBeUndefined();
    const owner = await takeSignUp(ctx, mailer, details(address), client());
    const [strangersMail, ownersMail] = await mailsTo(address, 2);
    // The owner's code does not open the stranger's sign-up (the mail of which reached her, not him).
    await expect(finishSignUp(ctx, stranger.signUpId, codeIn(ownersMail!))).rejects.toMatchObject({
      code: 'VERIFICATION_CODE_INVALID',
    });
    await finishSignUp(ctx, owner.signUpId, codeIn(ownersMail!));
    const made = await provider(address);
    expect(await verifyPassword('Brand-new-2026', made!.password_hash)).toBe(true);
    // The stranger's code, had he had it, finds the address registered now.
    await expect(finishSignUp(ctx, stranger.signUpId, codeIn(strangersMail!))).rejects.toMatchObject({
      code: 'EMAIL_TAKEN',
    });
  });

  it('closes an older account that never confirmed the address once its owner confirms it', async () => {
    const squatterId = await insertProvider(engine.db);
    const { email } = await engine.db
      .selectFrom('providers')
      .select('email')
      .where('id', '=', squatterId)
      .executeTakeFirstOrThrow();
    const started = await takeSignUp(ctx, mailer, details(email), client());
    const [mail] = await mailsTo(email, 1);
    expect(mail!.text).toContain('entering the code closes that account');
    const id = await finishSignUp(ctx, started.signUpId, codeIn(mail!));
    expect(id).not.toBe(squatterId);
    const closed = await engine.db
      .selectFrom('providers')
      .select(['email', 'cancelled_at'])
      .where('id', '=', squatterId)
      .executeTakeFirstOrThrow();
    expect(closed.cancelled_at).not.toBeNull();
    expect(closed.email).toBe(`cancelled-${squatterId}@cancelled.invalid`);
    expect((await provider(email))!.id).toBe(id);
  });

  it('spends a sign-up after five tries, however many arrive at once', async () => {
    const asked = details();
    const started = await takeSignUp(ctx, mailer, asked, client());
    const code = codeIn((await mailsTo(asked.email, 1))[0]!);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.allSettled(
      Array.from({ length: 10 }, () => finishSignUp(ctx, started.signUpId, wrong)),
    );
    expect(answers.every((a) => a.status === 'rejected')).toBe(true);
    await expect(finishSignUp(ctx, started.signUpId, code)).rejects.toMatchObject({
      code: 'VERIFICATION_CODE_INVALID',
    });
    expect(await provider(asked.email)).toBeUndefined();
  });

  it('limits sign-ups to 10 an hour from one client and 5 an hour to one address', async () => {
    const one = client();
    for (let i = 0; i < 10; i++) await takeSignUp(ctx, mailer, details(), one);
    await expect(takeSignUp(ctx, mailer, details(), one)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    const address = details().email;
    for (let i = 0; i < 5; i++) await takeSignUp(ctx, mailer, details(address), client());
    await expect(takeSignUp(ctx, mailer, details(address), client())).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
  });

  it('forgets used and expired sign-ups', async () => {
    await takeSignUp(ctx, mailer, details(), client());
    await sweepSignUps(ctx, new Date(Date.now() + 3601_000));
    const left = await engine.db.selectFrom('sign_up_requests').select('id').execute();
    expect(left).toEqual([]);
  });
});
