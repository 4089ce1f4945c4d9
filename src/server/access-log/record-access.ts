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
