/**
 * Issue 27 item 8, the second step of a sign-in on a real (embedded) database, with the clock as a
 * parameter (docs/security.md "Second factor"): it is no session, it expires quickly, its tries
 * are counted atomically and end it, it is finished once, and a password change ends it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countStepTry,
  endSecondStep,
  findSecondStep,
  MAX_STEP_TRIES,
  openSecondStep,
  secondStepDue,
  stepLifetimeSeconds,
} from '../../../src/server/auth/second-steps';
import type { ServerContext } from '../../../src/server/context';
import { insertProvider, openTestDatabase, type TestDatabase } from './db-fixture';

let test: TestDatabase;
const context = (required: boolean) =>
  ({ db: test.db, config: { secondFactor: { required, stepSeconds: 300 } } }) as unknown as ServerContext;
const meta = { userAgent: 'unit', address: '127.0.0.1' };

beforeAll(async () => {
  test = await openTestDatabase('second-steps');
}, 60_000);

afterAll(async () => {
  await test?.close();
});

describe('second steps', () => {
  it('live five minutes (ten to enrol), then answer as expired', async () => {
    const ctx = context(false);
    expect(stepLifetimeSeconds(ctx.config, 'VERIFY')).toBe(300);
    expect(stepLifetimeSeconds(ctx.config, 'ENROL')).toBe(600);
    const providerId = await insertProvider(test.db);
    const { token, step } = await openSecondStep(ctx, providerId, 'VERIFY', meta);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const live = await findSecondStep(ctx, token);
    expect(live).toEqual({ state: 'live', step: { ...step, triesLeft: MAX_STEP_TRIES } });
    expect(await findSecondStep(ctx, token, new Date(step.expiresAt.getTime() - 1))).toMatchObject({
      state: 'live',
    });
    expect(await findSecondStep(ctx, token, step.expiresAt)).toEqual({ state: 'expired' });
    expect(await findSecondStep(ctx, 'not-a-step')).toEqual({ state: 'unknown' });
    // A session is looked up elsewhere: its table never holds a step's token.
    const sessions = await test.db
      .selectFrom('sessions')
      .select('id')
      .where('provider_id', '=', providerId)
      .execute();
    expect(sessions).toEqual([]);
  });

  it('count tries atomically: of twenty at once, five get one', async () => {
    const ctx = context(false);
    const { step } = await openSecondStep(ctx, await insertProvider(test.db), 'VERIFY', meta);
    const left = await Promise.all(Array.from({ length: 20 }, () => countStepTry(ctx, step.id)));
    expect(left.filter((n) => n !== null).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(left.filter((n) => n === null)).toHaveLength(15);
  });

  it('are finished once, and end with a password change', async () => {
    const ctx = context(false);
    const providerId = await insertProvider(test.db);
    const { token, step } = await openSecondStep(ctx, providerId, 'VERIFY', meta);
    const ends = await Promise.all([
      endSecondStep(ctx, step.id, 'DONE'),
      endSecondStep(ctx, step.id, 'DONE'),
    ]);
    expect(ends.sort()).toEqual([false, true]);
    expect(await findSecondStep(ctx, token)).toEqual({ state: 'ended', reason: 'DONE' });

    const other = await openSecondStep(ctx, providerId, 'VERIFY', meta);
    await test.db
      .updateTable('providers')
      .set({ password_changed_at: new Date(Date.now() + 1000) })
      .where('id', '=', providerId)
      .execute();
    expect(await findSecondStep(ctx, other.token)).toEqual({ state: 'ended', reason: 'PASSWORD_CHANGED' });
  });

  it('are due to verify with a factor, to enrol without one only where it is required', async () => {
    const providerId = await insertProvider(test.db);
    expect(await secondStepDue(context(false), providerId)).toBeNull();
    expect(await secondStepDue(context(true), providerId)).toBe('ENROL');
    await test.db
      .insertInto('second_factor_totp')
      .values({ provider_id: providerId, secret_sealed: 'v1.x.y.z' })
      .execute();
    // An app not confirmed yet is no factor.
    expect(await secondStepDue(context(false), providerId)).toBeNull();
    await test.db
      .updateTable('second_factor_totp')
      .set({ confirmed_at: new Date() })
      .where('provider_id', '=', providerId)
      .execute();
    expect(await secondStepDue(context(false), providerId)).toBe('VERIFY');
    expect(await secondStepDue(context(true), providerId)).toBe('VERIFY');
  });
});
