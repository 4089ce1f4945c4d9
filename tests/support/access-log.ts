/**
 * The health-data access log as the operator reads it (`npm run admin -- access-log`, the admin
 * API), for the suites that prove a row for every read (docs/security.md "Health-data access log").
 */
import type { HealthDataKind } from '../../src/shared/health-data-access';
import { adminCall } from './api';
import type { StackInfo } from './stack';

export interface AccessEntry {
  at: string;
  provider: string;
  memberChatId: number;
  kind: HealthDataKind;
  resourceId: string | null;
  address: string | null;
}

/** The provider's rows since `since` (ISO), newest first. */
export async function accessRows(
  stack: Pick<StackInfo, 'url' | 'adminSecret'>,
  providerEmail: string,
  since: string,
): Promise<AccessEntry[]> {
  const query = new URLSearchParams({ subject: providerEmail, since, limit: '1000' });
  const answer = await adminCall<{ entries: AccessEntry[] }>(
    stack.url,
    stack.adminSecret,
    'GET',
    `/access-log?${query}`,
  );
  if (answer.code !== 'OK') throw new Error(`access-log: ${answer.code} ${answer.message}`);
  return answer.data.entries;
}

/** A clock reading of the database's, a moment before what follows (rows carry its `now()`). */
export const logMark = () => new Date(Date.now() - 1000).toISOString();

/**
 * Waits until the provider has a row of `kind` about the member since `since` (reads reported by
 * Prosody arrive after the answer), and returns it.
 */
export async function waitForRow(
  stack: Pick<StackInfo, 'url' | 'adminSecret'>,
  providerEmail: string,
  since: string,
  row: { kind: HealthDataKind; memberChatId: number; resourceId?: string | null },
): Promise<AccessEntry> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const rows = await accessRows(stack, providerEmail, since);
    const found = rows.find(
      (r) =>
        r.kind === row.kind &&
        r.memberChatId === row.memberChatId &&
        (row.resourceId === undefined || r.resourceId === row.resourceId),
    );
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(
        `No ${row.kind} row about chat user ${row.memberChatId}; rows since ${since}: ${JSON.stringify(rows.slice(0, 10))}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
