-- Issue 6: the app socket and notifications (spec §3, §4 Notifications, §7).
-- Forward-only, like every migration.

-- Notification preferences of a provider: a muted category creates no push over the app socket;
-- its notifications are still listed in the notification centre.
create table notification_settings (
  id serial primary key,
  provider_id integer not null unique references providers (id),
  muted_categories text[] not null default '{}',
  updated_at timestamptz not null default now()
);

-- Unread counters (red dots, notification tree) read this on every push and page visit.
create index notifications_unread on notifications (provider_id, category) where read_at is null;

-- Event tracking sent to /connect/event-tracking (spec §3 "app log").
create table app_socket_events (
  id bigserial primary key,
  provider_id integer not null references providers (id),
  session_id bigint not null,
  event text not null,
  page text not null default '',
  params jsonb not null default '{}',
  client_time timestamptz,
  created_at timestamptz not null default now()
);
create index app_socket_events_provider on app_socket_events (provider_id, created_at desc);

-- User chat messages sent to /connect/chat-private (spec §3 "user chat"). A resend with the same
-- client message id is the same message: the pair is unique and the resend gets the same answer.
create table app_chat_messages (
  id bigserial primary key,
  server_msg_id text not null unique,
  client_msg_id text not null,
  sender_chat_id integer not null references chat_users (id),
  receiver_chat_id integer not null references chat_users (id),
  items jsonb not null,
  status smallint not null,
  client_time timestamptz,
  server_time timestamptz not null default now(),
  unique (sender_chat_id, client_msg_id)
);
