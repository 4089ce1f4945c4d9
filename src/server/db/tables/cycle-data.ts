/** Cycle data and generated-file links (migrations/0511_cycle_data.sql). */
import type { Generated } from 'kysely';
import type { FlowLevel, MucusType, TestResult } from '../../../shared/cycle';
import type { CreatedAt, Timestamp } from './columns';

export interface CycleDaysTable {
  member_id: number;
  day: string;
  temperature_c: number | null;
  lh_miu_ml: number | null;
  flow: FlowLevel | null;
  mucus: MucusType | null;
  intercourse: Generated<boolean>;
  pregnancy_test: TestResult | null;
}

export type PregnancyOutcome = 'ONGOING' | 'LOSS' | 'BIRTH';

export interface MemberPregnanciesTable {
  id: Generated<number>;
  member_id: number;
  lmp_date: string;
  outcome: PregnancyOutcome;
  ended_on: string | null;
  created_at: CreatedAt;
}

export type FileLinkKind = 'CYCLE_ANALYSIS' | 'CYCLE_COMPARISON' | 'EXPERT_REPORT';

export interface FileLinksTable {
  id: Generated<number>;
  token_hash: string;
  blob_id: number;
  provider_id: number;
  member_id: number;
  kind: FileLinkKind;
  created_at: CreatedAt;
  expires_at: Timestamp;
}
