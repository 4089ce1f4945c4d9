-- Provider workspace (issue 5): profile options, submitted consultation info and certificates,
-- audit history, availability, appointment details, and the content providers recommend.
-- Forward-only.

-- Options a profile is built from (spec §7 getDoctorCategoryList, /misc/lang/list,
-- getConsultationCountry); seeded from fixtures/profile-options.json.
create table doctor_categories (
  id serial primary key,
  code text not null unique,
  name text not null,
  description text not null default '',
  sort_order integer not null default 0
);

create table consultation_languages (
  code text primary key check (code ~ '^[a-z]{2}$'),
  name text not null,
  native_name text not null,
  sort_order integer not null default 0
);

create table consultation_countries (
  code text primary key check (code ~ '^[A-Z]{2}$'),
  name text not null
);

-- The consultation info a provider submitted for review (one row, replaced on each submission).
create table provider_profiles (
  provider_id integer primary key references providers (id),
  category_ids integer[] not null default '{}',
  languages text[] not null default '{}',
  countries text[] not null default '{}',
  biography text not null,
  years_of_experience integer not null check (years_of_experience between 0 and 70),
  qualifications text not null,
  licence_number text not null,
  licence_country text not null check (licence_country ~ '^[A-Z]{2}$'),
  licence_authority text not null default '',
  licence_expires_on text check (licence_expires_on ~ '^\d{4}-\d{2}-\d{2}$'),
  document_ids integer[] not null default '{}',
  consultation_fee_cents integer not null check (consultation_fee_cents >= 0),
  currency text not null default 'USD',
  submitted_at timestamptz not null default now()
);

-- Certificate documents (licence, diplomas): private blobs owned by one provider.
create table provider_documents (
  id serial primary key,
  provider_id integer not null references providers (id),
  blob_id integer not null unique references blobs (id),
  created_at timestamptz not null default now()
);
create index provider_documents_provider on provider_documents (provider_id);

-- Every audit transition (spec §4), who made it and why.
create table audit_history (
  id serial primary key,
  provider_id integer not null references providers (id),
  from_status text,
  to_status text not null,
  reasons text not null default '',
  actor text not null check (actor in ('PROVIDER', 'REVIEWER')),
  created_at timestamptz not null default now()
);
create index audit_history_provider on audit_history (provider_id, created_at);

-- Availability (docs/lessons.md §17): settings, weekly hours and one-off overrides, in the
-- provider's own time zone. Minutes count from local midnight; 1440 ends a day.
create table schedule_settings (
  provider_id integer primary key references providers (id),
  timezone text not null,
  consultation_minutes integer not null check (consultation_minutes between 15 and 180),
  buffer_minutes integer not null check (buffer_minutes between 0 and 120),
  horizon_days integer not null check (horizon_days between 1 and 365),
  min_notice_hours integer not null check (min_notice_hours between 0 and 168),
  updated_at timestamptz not null default now()
);

create table schedule_entries (
  id serial primary key,
  provider_id integer not null references providers (id),
  kind text not null check (kind in ('WEEKLY', 'EXTRA', 'DAY_OFF')),
  weekday smallint check (weekday between 1 and 7),
  on_date text check (on_date ~ '^\d{4}-\d{2}-\d{2}$'),
  start_minute smallint check (start_minute between 0 and 1440),
  end_minute smallint check (end_minute between 0 and 1440),
  note text not null default '',
  created_at timestamptz not null default now(),
  check ((kind = 'WEEKLY') = (weekday is not null and on_date is null)),
  check (kind = 'WEEKLY' or on_date is not null),
  check ((kind = 'DAY_OFF') = (start_minute is null)),
  check ((start_minute is null) = (end_minute is null)),
  check (start_minute is null or end_minute > start_minute)
);
create index schedule_entries_provider on schedule_entries (provider_id, kind);

-- Appointment details: what the client booked for, the fee at booking time, the lifecycle times.
alter table appointments
  add column topic text not null default '',
  add column fee_cents integer not null default 0,
  add column currency text not null default 'USD',
  add column started_at timestamptz,
  add column ended_at timestamptz,
  add column cancelled_at timestamptz,
  add column cancelled_by text check (cancelled_by in ('PROVIDER', 'MEMBER')),
  add column cancel_reason text;
create index appointments_member on appointments (member_id, provider_id);

-- Content recommended to clients (spec §7 "Content"); seeded from fixtures/content.json.
create table member_tags (
  id integer primary key,
  name text not null,
  tag_group text not null
);

create table blog_categories (
  id integer primary key,
  name text not null,
  slug text not null unique,
  sort_order integer not null default 0
);

create table blog_posts (
  id serial primary key,
  category_id integer not null references blog_categories (id),
  title text not null,
  summary text not null,
  url text not null,
  cover_url text,
  read_minutes integer not null,
  tag_ids integer[] not null default '{}',
  published_at timestamptz not null
);
create index blog_posts_published on blog_posts (published_at desc);

create table videos (
  id serial primary key,
  title text not null,
  description text not null default '',
  youtube_id text not null,
  duration_seconds integer not null,
  tag_ids integer[] not null default '{}',
  published_at timestamptz not null
);
create index videos_published on videos (published_at desc);
