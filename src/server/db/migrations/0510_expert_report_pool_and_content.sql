-- Expert reports, the rest of spec §7 "Expert reports" (issue 12; entities in docs/entities.md
-- "Expert reports"). Forward-only, like every migration.
--
-- The open pool: a member's request starts OPEN with no provider; any provider with report access
-- claims it (CLAIMED, hers), gives it back (OPEN again) or completes it. A report an operator
-- assigns to one provider (`npm run admin -- assign-report`) stays ASSIGNED to her until she
-- claims it. The moves are src/server/reports/report-machine.ts.
alter table expert_reports alter column provider_id drop not null;
alter table expert_reports drop constraint expert_reports_status_check;
alter table expert_reports add constraint expert_reports_status_check
  check (status in ('OPEN', 'ASSIGNED', 'CLAIMED', 'COMPLETED'));
alter table expert_reports add constraint expert_reports_pool_has_no_provider
  check ((status = 'OPEN') = (provider_id is null));
create index expert_reports_open on expert_reports (created_at) where status = 'OPEN';

-- What the member asked for when she requested the report (shown to the provider).
alter table expert_reports add column member_question text not null default '';
-- The report's content, saved as a draft while CLAIMED and frozen once COMPLETED.
alter table expert_reports add column summary text not null default '';
alter table expert_reports add column category_ids integer[] not null default '{}';
alter table expert_reports add column todo_ids integer[] not null default '{}';
alter table expert_reports add column custom_todos text[] not null default '{}';
alter table expert_reports add column lifestyle_ids integer[] not null default '{}';
alter table expert_reports add column blog_ids integer[] not null default '{}';
alter table expert_reports add column video_ids integer[] not null default '{}';
alter table expert_reports add column tag_ids integer[] not null default '{}';
alter table expert_reports add column follow_up_weeks integer check (follow_up_weeks between 1 and 52);
alter table expert_reports add column saved_at timestamptz;

-- The editor's catalogues (getCategoryList, getToDoList, getLifestyleList), seeded from
-- fixtures/reports.json: findings a provider names, the steps she asks the member to take and the
-- lifestyle advice she gives.
create table expert_report_categories (
  id integer primary key,
  code text not null unique,
  name text not null,
  description text not null,
  sort_order integer not null default 0
);

create table expert_report_todos (
  id integer primary key,
  category_id integer references expert_report_categories (id),
  text text not null,
  sort_order integer not null default 0
);

create table expert_report_lifestyle (
  id integer primary key,
  area text not null check (area in ('NUTRITION', 'EXERCISE', 'SLEEP', 'STRESS', 'SUBSTANCES', 'WEIGHT')),
  text text not null,
  sort_order integer not null default 0
);

-- The member's reproductive profile as her app keeps it (getUserInfo): the goal she set, her usual
-- cycle, known conditions; seeded from fixtures/personas.json "health".
create table member_health_profiles (
  member_id integer primary key references members (id),
  birth_date date,
  goal text not null check (goal in ('TRYING_TO_CONCEIVE', 'PREGNANT', 'TRACKING')),
  cycle_length_days integer check (cycle_length_days between 15 and 120),
  cycle_length_min integer,
  cycle_length_max integer,
  period_length_days integer check (period_length_days between 1 and 15),
  conditions text[] not null default '{}',
  trying_since date,
  last_menstrual_period date,
  updated_at timestamptz not null default now()
);
