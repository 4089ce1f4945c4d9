-- Every access of a provider to a member's health data (issue 12 "Every access to a member's
-- health data is recorded"; HIPAA §164.312(b) audit controls): who (provider), whose data
-- (member), what (kind and the resource's id), when and from where. Rows are written by
-- src/server/access-log/record-access.ts and listed by the admin API; no API changes them, and the
-- triggers below refuse UPDATE, DELETE and TRUNCATE, so not even a bug in the server can.
-- Forward-only, like every migration.
create table health_data_access_log (
  id bigserial primary key,
  provider_id integer not null references providers (id),
  member_id integer not null references members (id),
  kind text not null check (
    kind in ('report', 'member-info', 'cycle-analysis', 'cycle-comparison', 'daily-chart', 'chat-history', 'file-link')
  ),
  resource_id text,
  address text,
  accessed_at timestamptz not null default now()
);
create index health_data_access_log_member on health_data_access_log (member_id, accessed_at);
create index health_data_access_log_provider on health_data_access_log (provider_id, accessed_at);

create function health_data_access_log_append_only() returns trigger
language plpgsql as $$
begin
  raise exception 'health_data_access_log is append-only: % refused', tg_op
    using errcode = 'insufficient_privilege';
end;
$$;

create trigger health_data_access_log_no_update_delete
  before update or delete on health_data_access_log
  for each row execute function health_data_access_log_append_only();

create trigger health_data_access_log_no_truncate
  before truncate on health_data_access_log
  for each statement execute function health_data_access_log_append_only();
