-- Chat-service stand-in (issue 4, docs/wire/hosted-chat.md §1–§10): sessions, the
-- vendor's user fields, dialogs, messages with their markers, blob uploads, custom objects,
-- address books, push subscriptions and events. Forward-only.

-- Users (§4): the vendor's profile fields next to the foundation's chat identity.
alter table chat_users
  add column phone text,
  add column website text,
  add column external_user_id text unique,
  add column facebook_id text,
  add column twitter_id text,
  add column blob_id integer,
  add column custom_data text,
  add column user_tags text[] not null default '{}';
create index chat_users_full_name on chat_users (lower(full_name));
create index chat_users_phone on chat_users (phone);

-- Sessions (§3): the token is never stored, only its SHA-256. `user_id` is null for an
-- application session. Expiry slides two hours past the last request (§2.7).
create table qb_sessions (
  id bigserial primary key,
  object_id text not null unique,
  token_hash text not null unique,
  application_id integer not null,
  user_id integer references chat_users (id) on delete cascade,
  nonce bigint not null,
  ts bigint not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  expires_at timestamptz not null,
  destroyed_at timestamptz
);
create index qb_sessions_user on qb_sessions (user_id) where destroyed_at is null;
-- A signed create request is accepted once (replay protection, §3.1 nonce + timestamp).
create index qb_sessions_nonce on qb_sessions (ts, nonce);

-- Dialogs (§5.1): 1 public group, 2 group, 3 private. A private dialog exists once per pair
-- (`private_key` = "lower:higher" chat id); `hidden_for` lists who removed it without `force`.
create table chat_dialogs (
  id text primary key,
  type smallint not null check (type in (1, 2, 3)),
  name text not null default '',
  photo text,
  owner_id integer not null,
  occupant_ids integer[] not null,
  hidden_for integer[] not null default '{}',
  private_key text unique,
  is_joinable boolean not null default false,
  data jsonb,
  room_ready boolean not null default false,
  last_message text,
  last_message_id text,
  last_message_date_sent bigint,
  last_message_user_id integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index chat_dialogs_occupants on chat_dialogs using gin (occupant_ids);

-- Messages (§5.2, §14): `id` is the XMPP stanza id (24-hex BSON id) or the REST `_id`.
-- `deleted_for` lists who removed the message without `force`.
create table chat_messages (
  id text primary key,
  dialog_id text not null references chat_dialogs (id) on delete cascade,
  sender_id integer not null,
  recipient_id integer,
  body text not null default '',
  date_sent bigint not null,
  attachments jsonb not null default '[]',
  custom jsonb not null default '{}',
  read_ids integer[] not null default '{}',
  delivered_ids integer[] not null default '{}',
  deleted_for integer[] not null default '{}',
  markable boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index chat_messages_dialog on chat_messages (dialog_id, date_sent, id);

-- Markers (§14.4) that arrived before the message they mark: a room's report queue may lag the
-- one-to-one queue that carries the marker. Applied when the message is stored.
create table chat_pending_markers (
  message_id text not null,
  user_id integer not null,
  kind text not null check (kind in ('received', 'displayed')),
  created_at timestamptz not null default now(),
  primary key (message_id, user_id, kind)
);

-- Blobs (§6): the upload URL is valid until `upload_expires_at`.
alter table blobs
  add column updated_at timestamptz not null default now(),
  add column upload_expires_at timestamptz;

-- Custom objects (§7): records of any class, owned by one user.
create table qb_records (
  id text primary key,
  class_name text not null,
  user_id integer not null references chat_users (id) on delete cascade,
  parent_id text,
  fields jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index qb_records_class on qb_records (class_name, user_id, created_at);

-- Address book (§8): one per user and device (`udid`, '' when none).
create table qb_address_book (
  user_id integer not null references chat_users (id) on delete cascade,
  udid text not null default '',
  phone text not null,
  name text not null default '',
  primary key (user_id, udid, phone)
);

-- Push subscriptions and events (§9): stored and listed; no push gateway is configured here.
create table qb_push_subscriptions (
  id serial primary key,
  user_id integer not null references chat_users (id) on delete cascade,
  notification_channel text not null,
  environment text not null,
  client_identification_sequence text not null,
  bundle_identifier text,
  platform text not null,
  udid text not null,
  created_at timestamptz not null default now(),
  unique (user_id, notification_channel, udid)
);

create table qb_push_events (
  id serial primary key,
  user_id integer not null references chat_users (id) on delete cascade,
  notification_type text not null check (notification_type in ('push', 'email')),
  environment text not null,
  event_type text not null default 'one_shot',
  push_type text,
  name text,
  message text not null,
  date bigint,
  end_date bigint,
  period integer,
  recipients jsonb not null default '{}',
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index qb_push_events_user on qb_push_events (user_id, created_at desc);
