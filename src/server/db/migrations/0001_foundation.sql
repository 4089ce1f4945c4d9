-- Foundation schema (issue 2): chat identities, providers, members, sessions, password resets,
-- rate limits, protocols and agreement records, blobs, appointments, notifications.
-- Forward-only: later issues add their own numbered files.

-- Chat-service users (the hosted service's users): every provider and member has one.
create sequence chat_user_id_seq start 300000;
create table chat_users (
  id integer primary key default nextval('chat_user_id_seq'),
  login text not null unique,
  password_hash text not null,
  full_name text not null default '',
  email text unique,
  kind text not null check (kind in ('provider', 'member')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_request_at timestamptz
);

create table providers (
  id serial primary key,
  email text not null unique,
  password_hash text not null,
  first_name text not null,
  last_name text not null,
  title text,
  phone text,
  avatar_blob_id integer,
  language text not null default 'en',
  timezone text not null default 'UTC',
  country text,
  chat_id integer not null unique references chat_users (id),
  audit_status text check (audit_status in ('NEED_AUDIT', 'AUDIT_PASSED', 'AUDIT_NOT_PASSED')),
  audit_reasons text,
  audit_create_time timestamptz,
  audited_time timestamptz,
  audited_popup_page boolean not null default false,
  cancelled_at timestamptz,
  password_changed_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table members (
  id serial primary key,
  first_name text not null,
  last_name text not null,
  email text unique,
  avatar_url text,
  chat_id integer not null unique references chat_users (id),
  country text,
  timezone text not null default 'UTC',
  created_at timestamptz not null default now()
);

-- Portal sessions: the token itself is never stored, only its SHA-256.
create table sessions (
  id bigserial primary key,
  provider_id integer not null references providers (id),
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  ended_at timestamptz,
  end_reason text check (end_reason in ('KICKED', 'LOGOUT', 'EXPIRED', 'PASSWORD_CHANGED', 'CANCELLED')),
  user_agent text,
  address text
);
create index sessions_provider_live on sessions (provider_id) where ended_at is null;

create table password_resets (
  id serial primary key,
  provider_id integer not null references providers (id),
  code_hash text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  attempts integer not null default 0,
  used_at timestamptz
);
create index password_resets_provider on password_resets (provider_id, created_at desc);

-- Fixed-window rate limits shared by every server instance.
create table rate_limits (
  key text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (key, window_start)
);

create table protocols (
  id serial primary key,
  kind text not null check (kind in ('TERMS_OF_SERVICE', 'PRIVACY_POLICY')),
  version integer not null,
  title text not null,
  content text not null,
  published_at timestamptz,
  unique (kind, version)
);

create table protocol_records (
  id serial primary key,
  provider_id integer not null references providers (id),
  protocol_id integer not null references protocols (id),
  platform text not null,
  agreed_at timestamptz not null default now(),
  unique (provider_id, protocol_id)
);

-- Uploaded files; the bytes live under DATA_DIR/blobs/<uid>.
create table blobs (
  id serial primary key,
  uid text not null unique,
  name text not null,
  content_type text not null,
  size integer,
  is_public boolean not null default false,
  tag_list text not null default '',
  owner_chat_id integer references chat_users (id),
  created_at timestamptz not null default now(),
  completed_at timestamptz
);

-- Consultations (appointments, spec "orders"): extended by the workspace issue.
create table appointments (
  id serial primary key,
  provider_id integer not null references providers (id),
  member_id integer not null references members (id),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  status text not null check (status in ('UPCOMING', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED')),
  created_at timestamptz not null default now(),
  check (ends_at > starts_at)
);
create index appointments_provider on appointments (provider_id, starts_at);

-- Provider notifications: created by real events; pushed over the app socket by issue 6.
create table notifications (
  id serial primary key,
  provider_id integer not null references providers (id),
  category text not null,
  title text not null,
  body text not null default '',
  data jsonb not null default '{}',
  created_at timestamptz not null default now(),
  read_at timestamptz
);
create index notifications_provider on notifications (provider_id, created_at desc);
