-- Every read of a member's health data is logged (issue 27 item 3), not only the record pages of
-- 0500_health_data_access_log.sql: the log's kinds gain what lists and the chat server hand out
-- (src/shared/health-data-access.ts lists the same values, docs/security.md "Health-data access
-- log"):
--   'chat-archive'  her messages read over XMPP: archive (MAM) queries and a room's history on join
--   'chat-preview'  her last message in a dialog list, or quoted in a notification
--   'chat-file'     a file she shared in a dialog, downloaded
--   'report-summary' a report's summary, with her question: report lists (the open pool too), moves
--   'consultation'  what she wants to talk about (the topic of a booking) in an appointment answer
-- Forward-only.
alter table health_data_access_log drop constraint health_data_access_log_kind_check;
alter table health_data_access_log add constraint health_data_access_log_kind_check check (
  kind in (
    'report', 'member-info', 'cycle-analysis', 'cycle-comparison', 'daily-chart', 'chat-history', 'file-link',
    'intake-questionnaire', 'chat-archive', 'chat-preview', 'chat-file', 'report-summary', 'consultation'
  )
);
