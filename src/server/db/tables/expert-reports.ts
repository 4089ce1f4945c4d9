/** Expert reports (migrations/0410_expert_reports.sql). */
import type { Generated } from 'kysely';
import type { ExpertReportStatus } from '../../../shared/expert-reports';
import type { Timestamp, CreatedAt, DefaultNow } from './columns';

export interface ExpertReportsTable {
  id: Generated<number>;
  member_id: number;
  provider_id: number;
  report_type: string;
  title: string;
  status: ExpertReportStatus;
  created_at: CreatedAt;
  assigned_at: DefaultNow;
  claimed_at: Timestamp | null;
  completed_at: Timestamp | null;
}
