-- Expert reports on members (spec §1 "They work with expert reports on members", §7 "Expert
-- reports"), as far as issue 6 needs them: a report is assigned to a provider, which creates the
-- provider's REPORT notification, and moves ASSIGNED → CLAIMED → COMPLETED (a claim can be given
-- back: CLAIMED → ASSIGNED) along src/server/reports/report-machine.ts. The dashboard counts the
-- ones not completed. The reports issue adds the report content and screens in its own migrations.
-- Forward-only, like every migration.
create table expert_reports (
  id serial primary key,
  member_id integer not null references members (id),
  provider_id integer not null references providers (id),
  report_type text not null,
  title text not null check (length(title) > 0),
  status text not null check (status in ('ASSIGNED', 'CLAIMED', 'COMPLETED')),
  created_at timestamptz not null default now(),
  assigned_at timestamptz not null default now(),
  claimed_at timestamptz,
  completed_at timestamptz
);
-- "Pending reports" on the dashboard: the provider's reports not completed yet.
create index expert_reports_pending on expert_reports (provider_id) where status <> 'COMPLETED';
create index expert_reports_member on expert_reports (member_id);
