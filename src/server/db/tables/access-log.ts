/** The health-data access log and report access grants (migrations/0500, 0501). */
import type { ColumnType } from 'kysely';
import type { HealthDataKind } from '../../../shared/health-data-access';
import type { CreatedAt, DefaultNow, Timestamp } from './columns';

export interface HealthDataAccessLogTable {
  /** bigserial: PGlite reads it as a string, pg as a number; only used for ordering. */
  id: ColumnType<string | number, never, never>;
  provider_id: number;
  member_id: number;
  kind: HealthDataKind;
  resource_id: string | null;
  address: string | null;
  accessed_at: CreatedAt;
}

export interface ReportAccessGrantsTable {
  provider_id: number;
  granted_at: DefaultNow;
  revoked_at: Timestamp | null;
}
