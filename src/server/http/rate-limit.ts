/**
 * Attempt limits kept in the database, so every server instance shares them (docs/architecture.md §5), with
 * the policy of docs/security.md "Sign-in and chat login limits": sliding windows per account and
 * address and per address, and past a per-account ceiling a growing delay for addresses that never
 * signed in to that account. An attempt is reserved before the credential check, under advisory
 * locks on its account and its address, so concurrent requests cannot all slip under a count that
 * only finished checks would raise.
 */
import { sql } from 'kysely';
import type { ServerContext } from '../context';
import type { Database } from '../db/database';
import { ApiError } from './api-error';

export interface Window {
  max: number;
  windowSeconds: number;
}

export interface LimitPolicy {
  /** e.g. `signin`, `chat-login`, `forget-mail` */
  scope: string;
  /** `failures`: a reserved or failed check counts; `requests`: every request counts. */
  counts: 'failures' | 'requests';
  /** One account from one address. */
  perAccountAndAddress?: Window;
  /** One address, whatever the account. */
  perAddress?: Window;
  /**
   * One account, whatever the address (a hard cap: only for mail and sessions). With
   * `exceptKnownIn`, an address that signed in to the account under that scope within 30 days is
   * not held by it, so strangers who fill the cap cannot lock the owner out.
   */
  perAccount?: Window & { exceptKnownIn?: string };
  /**
   * One account from every address: past `free` failures in the window, an address that never
   * succeeded for this account waits `firstDelaySeconds`, doubling with each further failure up to
   * `maxDelaySeconds` after the newest failure. The account's known addresses do not wait.
   */
  accountCeiling?: {
    free: number;
    windowSeconds: number;
    firstDelaySeconds: number;
    maxDelaySeconds: number;
  };
}

/** A limited request: RATE_LIMITED with `Retry-After` (the /qb routes turn it into their 429). */
export class RateLimited extends ApiError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    const minutes = Math.ceil(seconds / 60);
    const wait =
      seconds < 60
        ? `${seconds} second${seconds === 1 ? '' : 's'}`
        : `${minutes} minute${minutes === 1 ? '' : 's'}`;
    super(
      'RATE_LIMITED',
      `Too many attempts; please try again in ${wait}`,
      { retryAfterSeconds: seconds },
      { 'Retry-After': String(seconds) },
    );
    this.retryAfterSeconds = seconds;
  }
}

export interface Attempt {
  /** The credentials were right: the attempt no longer counts, and the address becomes known. */
  succeeded(): Promise<void>;
  /** The credentials were wrong: the reserved attempt stays counted. */
  failed(): Promise<void>;
}

/** How long an address that signed in stays known to the account. */
const KNOWN_ADDRESS_DAYS = 30;

interface Counted {
  n: number;
  oldest: Date | null;
  newest: Date | null;
}

async function count(
  db: Database,
  policy: LimitPolicy,
  where: { account?: string; address?: string },
  since: Date,
): Promise<Counted> {
  const outcomes = policy.counts === 'failures' ? ['pending', 'failed'] : ['hit'];
  let query = db
    .selectFrom('auth_attempts')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.min('at').as('oldest'),
      eb.fn.max('at').as('newest'),
    ])
    .where('scope', '=', policy.scope)
    .where('outcome', 'in', outcomes as Array<'pending' | 'failed' | 'hit'>)
    .where('at', '>', since);
  if (where.account !== undefined) query = query.where('account', '=', where.account);
  if (where.address !== undefined) query = query.where('address', '=', where.address);
  const row = await query.executeTakeFirstOrThrow();
  const asDate = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return { n: Number(row.n), oldest: asDate(row.oldest), newest: asDate(row.newest) };
}

const ago = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000);

/** Seconds until a full sliding window frees a slot, or null while it has room. */
async function windowWait(
  db: Database,
  policy: LimitPolicy,
  window: Window | undefined,
  where: { account?: string; address?: string },
  now: Date,
): Promise<number | null> {
  if (!window) return null;
  const counted = await count(db, policy, where, ago(now, window.windowSeconds));
  if (counted.n < window.max || !counted.oldest) return null;
  return (counted.oldest.getTime() + window.windowSeconds * 1000 - now.getTime()) / 1000;
}

/** Whether `address` succeeded for `account` under `scope` within the last 30 days. */
async function isKnownAddress(db: Database, scope: string, account: string, address: string, now: Date) {
  const row = await db
    .selectFrom('auth_attempts')
    .select('id')
    .where('scope', '=', scope)
    .where('account', '=', account)
    .where('address', '=', address)
    .where('outcome', '=', 'ok')
    .where('at', '>', ago(now, KNOWN_ADDRESS_DAYS * 86400))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The per-account cap's wait, unless the address is one the account's owner signs in from. */
async function accountWait(
  db: Database,
  policy: LimitPolicy,
  account: string,
  address: string,
  now: Date,
): Promise<number | null> {
  const wait = await windowWait(db, policy, policy.perAccount, { account }, now);
  const knownIn = policy.perAccount?.exceptKnownIn;
  if (wait === null || knownIn === undefined) return wait;
  return (await isKnownAddress(db, knownIn, account, address, now)) ? null : wait;
}

async function ceilingWait(
  db: Database,
  policy: LimitPolicy,
  account: string,
  address: string,
  now: Date,
): Promise<number | null> {
  const ceiling = policy.accountCeiling;
  if (!ceiling) return null;
  const counted = await count(db, policy, { account }, ago(now, ceiling.windowSeconds));
  if (counted.n < ceiling.free || !counted.newest) return null;
  if (await isKnownAddress(db, policy.scope, account, address, now)) return null;
  const delay = Math.min(
    ceiling.firstDelaySeconds * 2 ** (counted.n - ceiling.free),
    ceiling.maxDelaySeconds,
  );
  const wait = (counted.newest.getTime() + delay * 1000 - now.getTime()) / 1000;
  return wait > 0 ? wait : null;
}

/**
 * Reserves one attempt under `policy`, or throws {@link RateLimited}. For `failures` policies the
 * caller reports the outcome; an attempt left pending (a crash mid-check) counts as a failure.
 */
export async function reserveAttempt(
  ctx: ServerContext,
  policy: LimitPolicy,
  who: { account: string; address: string },
  now = new Date(),
): Promise<Attempt> {
  const account = who.account.slice(0, 320);
  const address = who.address.slice(0, 64);
  const id = await ctx.db.transaction().execute(async (trx) => {
    // Always the account's lock first, then the address's: no two reservations wait in a cycle.
    await sql`select pg_advisory_xact_lock(hashtext(${`${policy.scope}|account|${account}`}))`.execute(trx);
    await sql`select pg_advisory_xact_lock(hashtext(${`${policy.scope}|address|${address}`}))`.execute(trx);
    const waits = [
      await windowWait(trx, policy, policy.perAddress, { address }, now),
      // No account named (an application session): only the address counts.
      ...(account === ''
        ? []
        : [
            await windowWait(trx, policy, policy.perAccountAndAddress, { account, address }, now),
            await accountWait(trx, policy, account, address, now),
            await ceilingWait(trx, policy, account, address, now),
          ]),
    ].filter((w): w is number => w !== null);
    if (waits.length > 0) throw new RateLimited(Math.max(...waits));
    const row = await trx
      .insertInto('auth_attempts')
      .values({
        scope: policy.scope,
        account,
        address,
        at: now,
        outcome: policy.counts === 'failures' ? 'pending' : 'hit',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return {
    async succeeded() {
      if (policy.counts !== 'failures') return;
      await ctx.db
        .deleteFrom('auth_attempts')
        .where('scope', '=', policy.scope)
        .where('account', '=', account)
        .where('address', '=', address)
        .where('outcome', '=', 'failed')
        .execute();
      await ctx.db
        .updateTable('auth_attempts')
        .set({ outcome: 'ok', at: new Date() })
        .where('id', '=', id)
        .execute();
    },
    async failed() {
      if (policy.counts !== 'failures') return;
      await ctx.db.updateTable('auth_attempts').set({ outcome: 'failed' }).where('id', '=', id).execute();
    },
  };
}

export async function sweepRateLimits(ctx: ServerContext, now = new Date()): Promise<void> {
  await sql`delete from auth_attempts where (outcome = 'ok' and at < ${ago(now, KNOWN_ADDRESS_DAYS * 86400)})
    or (outcome <> 'ok' and at < ${ago(now, 86400)})`.execute(ctx.db);
}
