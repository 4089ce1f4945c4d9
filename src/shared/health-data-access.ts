/**
 * What the health-data access log records (issue 12; HIPAA §164.312(b) audit controls): the kinds
 * of a member's data a provider can open. The table's check constraint lists the same values
 * (src/server/db/migrations/0500_health_data_access_log.sql, 0522_questionnaire_access_kind.sql,
 * 0570_access_log_reads.sql).
 */
export const HEALTH_DATA_KINDS = [
  'report',
  'member-info',
  'cycle-analysis',
  'cycle-comparison',
  'daily-chart',
  'chat-history',
  'file-link',
  'intake-questionnaire',
  'chat-archive',
  'chat-preview',
  'chat-file',
  'report-summary',
  'consultation',
] as const;
export type HealthDataKind = (typeof HEALTH_DATA_KINDS)[number];
