-- Which fixture seeders have run (src/server/seed): each runs once per database.
create table seed_runs (
  name text primary key,
  applied_at timestamptz not null default now()
);
