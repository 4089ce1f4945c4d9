/**
 * Fixed-window rate limits kept in the database, so every server instance shares them
 * (DESIGN.md §5). Sign-in counts failures per account and per address; forget-password counts
 * every request per account and per address.
 */
import { sql } from 'kysely';
import type { ServerContext } from '../context';
import { ApiError } from './api-error';

export interface Limit {
  /** e.g. `signin:account:ada@example.com` */
  key: string;
  max: number;
  windowSeconds: number;
}

export const LIMITS = {
  signInPerAccount: (email: string): Limit => ({
    key: `signin:account:${email}`,
    max: 10,
    windowSeconds: 900,
  }),
  signInPerAddress: (address: string): Limit => ({
    key: `signin:address:${address}`,
    max: 30,
    windowSeconds: 900,
  }),
  forgetPerAccount: (email: string): Limit => ({
    key: `forget:account:${email}`,
    max: 5,
    windowSeconds: 3600,
  }),
  forgetPerAddress: (address: string): Limit => ({
    key: `forget:address:${address}`,
    max: 20,
    windowSeconds: 3600,
  }),
};

function windowStart(limit: Limit, now: Date): Date {
  const ms = limit.windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
}

function limited(limit: Limit, now: Date): ApiError {
  const retryAfter = Math.ceil(
    (windowStart(limit, now).getTime() + limit.windowSeconds * 1000 - now.getTime()) / 1000,
  );
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  return new ApiError(
    'RATE_LIMITED',
    `Too many attempts; please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
    { retryAfterSeconds: retryAfter },
    { 'Retry-After': String(retryAfter) },
  );
}

/** Throws RATE_LIMITED if any of the limits is already used up. */
export async function assertWithinLimits(
  ctx: ServerContext,
  limits: Limit[],
  now = new Date(),
): Promise<void> {
  for (const limit of limits) {
    const row = await ctx.db
      .selectFrom('rate_limits')
      .select('hits')
      .where('key', '=', limit.key)
      .where('window_start', '=', windowStart(limit, now))
      .executeTakeFirst();
    if (row && row.hits >= limit.max) throw limited(limit, now);
  }
}

/** Counts one hit against each limit. */
export async function recordHits(ctx: ServerContext, limits: Limit[], now = new Date()): Promise<void> {
  for (const limit of limits) {
    await sql`insert into rate_limits (key, window_start, hits) values (${limit.key}, ${windowStart(limit, now)}, 1)
      on conflict (key, window_start) do update set hits = rate_limits.hits + 1`.execute(ctx.db);
  }
}

export async function sweepRateLimits(ctx: ServerContext, now = new Date()): Promise<void> {
  await sql`delete from rate_limits where window_start < ${new Date(now.getTime() - 86400_000)}`.execute(
    ctx.db,
  );
}
