-- Cycle data (spec §7 "Content and cycle data", docs/entities.md "Cycle data"): what a member
-- records each day in the vendor's app, her pregnancies, and the expiring links to the PDF files
-- the link calls generate. Dates are the member's local calendar dates (YYYY-MM-DD, no time zone),
-- as the app records them. Forward-only, like every migration.
create table cycle_days (
  member_id integer not null references members (id),
  day text not null check (day ~ '^\d{4}-\d{2}-\d{2}$'),
  -- Basal body temperature on waking, °C.
  temperature_c double precision check (temperature_c between 34 and 42),
  -- Urine LH reading (ovulation test), mIU/mL.
  lh_miu_ml double precision check (lh_miu_ml between 0 and 500),
  flow text check (flow in ('SPOTTING', 'LIGHT', 'MEDIUM', 'HEAVY')),
  mucus text check (mucus in ('DRY', 'STICKY', 'CREAMY', 'WATERY', 'EGG_WHITE')),
  intercourse boolean not null default false,
  pregnancy_test text check (pregnancy_test in ('NEGATIVE', 'POSITIVE')),
  primary key (member_id, day)
);

-- A pregnancy counts from the first day of the last menstrual period (LMP); weeks and the due date
-- (LMP + 280 days) are derived from it.
create table member_pregnancies (
  id serial primary key,
  member_id integer not null references members (id),
  lmp_date text not null check (lmp_date ~ '^\d{4}-\d{2}-\d{2}$'),
  outcome text not null check (outcome in ('ONGOING', 'LOSS', 'BIRTH')),
  ended_on text check (ended_on ~ '^\d{4}-\d{2}-\d{2}$'),
  created_at timestamptz not null default now(),
  check ((outcome = 'ONGOING') = (ended_on is null))
);
create unique index member_pregnancies_ongoing on member_pregnancies (member_id) where outcome = 'ONGOING';

-- A generated file (a private blob) behind a link that expires: the link carries a random token,
-- only its SHA-256 is stored (docs/security.md).
create table file_links (
  id serial primary key,
  token_hash text not null unique,
  blob_id integer not null references blobs (id),
  provider_id integer not null references providers (id),
  member_id integer not null references members (id),
  kind text not null check (kind in ('CYCLE_ANALYSIS', 'CYCLE_COMPARISON', 'EXPERT_REPORT')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  check (expires_at > created_at)
);
create index file_links_expires on file_links (expires_at);
