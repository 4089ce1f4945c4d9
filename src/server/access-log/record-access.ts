/**
 * Records one access of a provider to a member's health data (issue 12; HIPAA §164.312(b) audit
 * controls). Called by every route that answers a member's data — report detail, member info,
 * earlier reports, cycle analysis and charts, file links, chat history — inside the request's
 * transaction when there is one, so a read that fails after the record is not logged twice and a
 * record is never lost for a read that was answered. The table is append-only
 * (migrations/0500_health_data_access_log.sql).
 */
import type { HealthDataKind } from '../../shared/health-data-access';
import type { Database } from '../db/database';

export type { HealthDataKind } from '../../shared/health-data-access';

export interface HealthDataAccess {
  providerId: number;
  memberId: number;
  kind: HealthDataKind;
  /** The report, chart page, file or dialog that was read, when there is one. */
  resourceId?: string | null;
  /** The client's address (Fastify's `request.ip`, which honours TRUST_PROXY). */
  address: string | null;
}

/** `db` is the server's Kysely database or a transaction opened on it. */
export async function recordHealthDataAccess(db: Database, entry: HealthDataAccess): Promise<void> {
  await db
    .insertInto('health_data_access_log')
    .values({
      provider_id: entry.providerId,
      member_id: entry.memberId,
      kind: entry.kind,
      resource_id: entry.resourceId ?? null,
      address: entry.address,
    })
    .execute();
}

/** One member's data in an answer: by member id, or by her chat user id (others are not members). */
export interface MemberRead {
  memberId?: number;
  memberChatId?: number;
  kind: HealthDataKind;
  resourceId?: string | null;
}

/**
 * Records the reads of one answer that hands out several members' data at once (a list, a dialog
 * list's previews, an archive query; docs/security.md "Health-data access log"): one row per
 * member, kind and resource, in one statement. Chat ids that are not members' (providers, the
 * reader herself) record nothing.
 */
export async function recordMemberReads(
  db: Database,
  reader: { providerId: number; address: string | null },
  reads: readonly MemberRead[],
): Promise<void> {
  if (reads.length === 0) return;
  const chatIds = [...new Set(reads.flatMap((r) => (r.memberChatId === undefined ? [] : [r.memberChatId])))];
  const byChatId = new Map<number, number>();
  if (chatIds.length > 0) {
    const members = await db
      .selectFrom('members')
      .select(['id', 'chat_id'])
      .where('chat_id', 'in', chatIds)
      .execute();
    for (const m of members) byChatId.set(m.chat_id, m.id);
  }
  const rows = new Map<string, { member_id: number; kind: HealthDataKind; resource_id: string | null }>();
  for (const read of reads) {
    const memberId =
      read.memberId ?? (read.memberChatId === undefined ? undefined : byChatId.get(read.memberChatId));
    if (memberId === undefined) continue;
    const resource = read.resourceId ?? null;
    rows.set(`${memberId}|${read.kind}|${resource}`, {
      member_id: memberId,
      kind: read.kind,
      resource_id: resource,
    });
  }
  if (rows.size === 0) return;
  await db
    .insertInto('health_data_access_log')
    .values(
      [...rows.values()].map((row) => ({ ...row, provider_id: reader.providerId, address: reader.address })),
    )
    .execute();
}

/** The provider behind a chat user, or null for a member (members reading their own data are not logged). */
export async function providerOfChatUser(db: Database, chatId: number): Promise<number | null> {
  const provider = await db
    .selectFrom('providers')
    .select('id')
    .where('chat_id', '=', chatId)
    .executeTakeFirst();
  return provider?.id ?? null;
}

/**
 * Appointments in an answer (docs/security.md "Health-data access log"): a `consultation` read of
 * each one that carries the member's own words — the topic she gave when booking, or her reason
 * for cancelling. Names and times alone are the provider's schedule and record nothing.
 */
export function consultationReads(
  appointments: ReadonlyArray<{
    id: number;
    memberId: number;
    topic: string;
    cancelledBy?: string | null;
    cancelReason?: string | null;
  }>,
): MemberRead[] {
  return appointments
    .filter((a) => a.topic !== '' || (a.cancelledBy === 'MEMBER' && (a.cancelReason ?? '') !== ''))
    .map((a) => ({ memberId: a.memberId, kind: 'consultation' as const, resourceId: String(a.id) }));
}
