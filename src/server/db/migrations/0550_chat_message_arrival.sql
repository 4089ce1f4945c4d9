-- The arrival order of chat messages (src/server/chat-history/messages.ts): history is ordered by
-- `date_sent` (whole seconds), then arrival. `created_at` alone cannot say it: the embedded
-- database's clock has whole milliseconds, and one report batch stores several messages within
-- one. Existing rows are numbered in table order, after `created_at` in every ordering.
-- Forward-only.
alter table chat_messages add column arrival bigint generated always as identity;
drop index chat_messages_dialog;
create index chat_messages_dialog on chat_messages (dialog_id, date_sent, created_at, arrival);
