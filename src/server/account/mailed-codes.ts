/**
 * One-time 6-digit codes mailed to a provider (the password reset and the e-mail verification):
 * stored only as a hash, the newest replacing older ones, valid for a while and a few wrong tries.
 */
import { createHash, randomInt } from 'node:crypto';
import type { ServerContext } from '../context';

export interface MailedCodeKind {
  /** The table of codes: one row per code, with the same columns in both. */
  table: 'password_resets' | 'email_verifications';
  /** Prefix of the hashed text, so a code of one kind never passes as the other. */
  salt: string;
  ttlMs: number;
  maxAttempts: number;
}

function codeHash(kind: MailedCodeKind, providerId: number, code: string): string {
  return createHash('sha256').update(`${kind.salt}${providerId}:${code}`).digest('hex');
}

/** Writes a new code (older unused ones stop working) and answers it, to be mailed. */
export async function issueCode(
  ctx: ServerContext,
  kind: MailedCodeKind,
  providerId: number,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = new Date();
  await ctx.db
    .updateTable(kind.table)
    .set({ used_at: now })
    .where('provider_id', '=', providerId)
    .where('used_at', 'is', null)
    .execute();
  await ctx.db
    .insertInto(kind.table)
    .values({
      provider_id: providerId,
      code_hash: codeHash(kind, providerId, code),
      expires_at: new Date(now.getTime() + kind.ttlMs),
    })
    .execute();
  return code;
}

/**
 * Uses the code up if it is the newest live one; every submission counts as a try. The try is
 * counted by one conditional `UPDATE` before the code is compared (docs/security.md "Sign-in and
 * chat login limits"), so concurrent guesses cannot all read the same count: on PostgreSQL the
 * row lock makes each later `UPDATE` re-check `attempts < max`, and PGlite runs one statement at
 * a time.
 */
export async function consumeCode(
  ctx: ServerContext,
  kind: MailedCodeKind,
  providerId: number,
  code: string,
): Promise<boolean> {
  const newest = ctx.db
    .selectFrom(kind.table)
    .select('id')
    .where('provider_id', '=', providerId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1);
  const tried = await ctx.db
    .updateTable(kind.table)
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', newest)
    .where('used_at', 'is', null)
    .where('attempts', '<', kind.maxAttempts)
    .returning(['id', 'code_hash'])
    .executeTakeFirst();
  if (!tried || tried.code_hash !== codeHash(kind, providerId, code)) return false;
  const used = await ctx.db
    .updateTable(kind.table)
    .set({ used_at: new Date() })
    .where('id', '=', tried.id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return used !== undefined;
}
