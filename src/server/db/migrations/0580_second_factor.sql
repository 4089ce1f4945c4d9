-- A second factor for providers (docs/security.md "Second factor"): passkeys (WebAuthn), an
-- authenticator app (TOTP) and one-time recovery codes; the second step of a sign-in, which has
-- its own token and is not a session; and the WebAuthn challenges this server issued. Forward-only.

create table second_factor_passkeys (
  id serial primary key,
  provider_id integer not null references providers (id),
  -- base64url of the credential id, as the browser's JSON carries it.
  credential_id text not null unique,
  public_key bytea not null,
  sign_count bigint not null default 0,
  transports text[] not null default '{}',
  backed_up boolean not null default false,
  name text not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index second_factor_passkeys_provider on second_factor_passkeys (provider_id);

-- One authenticator app a provider. The secret is sealed (AES-256-GCM under a key of the
-- server's secrets); confirmed_at is null until a code from the app confirmed it. last_step is
-- the RFC 6238 time step of the last code accepted: a code of that step or an older one is
-- refused, so no code works twice.
create table second_factor_totp (
  provider_id integer primary key references providers (id),
  secret_sealed text not null,
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  last_step bigint
);

-- Recovery codes: SHA-256 of the provider id and the 80-bit code; used once.
create table second_factor_recovery_codes (
  id serial primary key,
  provider_id integer not null references providers (id),
  code_hash text not null,
  created_at timestamptz not null default now(),
  used_at timestamptz,
  unique (provider_id, code_hash)
);

-- The second step of a sign-in: the password was right, a factor is due (VERIFY) or must be
-- enrolled (ENROL). Its token (stored as SHA-256) is taken by the second-step endpoints only.
create table second_steps (
  id serial primary key,
  provider_id integer not null references providers (id),
  token_hash text not null unique,
  purpose text not null check (purpose in ('VERIFY', 'ENROL')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  attempts integer not null default 0,
  ended_at timestamptz,
  end_reason text check (end_reason in ('DONE', 'ABANDONED', 'TOO_MANY_TRIES')),
  address text,
  user_agent text
);
create index second_steps_provider on second_steps (provider_id, created_at desc);

-- WebAuthn challenges: each answered at most once, within its time.
create table webauthn_challenges (
  challenge text primary key,
  provider_id integer not null references providers (id),
  purpose text not null check (purpose in ('REGISTER', 'AUTHENTICATE')),
  expires_at timestamptz not null
);
create index webauthn_challenges_expiry on webauthn_challenges (expires_at);

-- Which second factor a session was completed with (null: none was due).
alter table sessions add column second_factor text check (second_factor in ('passkey', 'totp', 'recovery'));
