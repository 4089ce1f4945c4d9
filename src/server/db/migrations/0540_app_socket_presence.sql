-- Which server process holds an app socket of which provider (docs/architecture.md §5 "Several
-- processes"): with DATABASE_URL set, each process keeps one row per provider it holds sockets for,
-- keyed by the name of its event relay's connection; a row whose process no longer has that
-- connection is ignored and swept. Forward-only.
create table app_socket_presence (
  process_id text not null,
  provider_id integer not null references providers (id) on delete cascade,
  sockets integer not null check (sockets > 0),
  updated_at timestamptz not null default now(),
  primary key (process_id, provider_id)
);
create index app_socket_presence_provider on app_socket_presence (provider_id);
