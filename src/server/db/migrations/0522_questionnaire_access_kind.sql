-- Reading a member's intake questionnaire (spec §2 /question) is an access to her health
-- data like the others of 0500_health_data_access_log.sql: the log's kinds gain
-- 'intake-questionnaire' (src/shared/health-data-access.ts lists the same values). Forward-only.
alter table health_data_access_log drop constraint health_data_access_log_kind_check;
alter table health_data_access_log add constraint health_data_access_log_kind_check check (
  kind in (
    'report', 'member-info', 'cycle-analysis', 'cycle-comparison', 'daily-chart', 'chat-history', 'file-link',
    'intake-questionnaire'
  )
);
