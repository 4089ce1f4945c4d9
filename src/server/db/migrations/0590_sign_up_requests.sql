-- Sign-up confirms the address before the account exists (docs/security.md "Sign-up", issue 27):
-- a sign-up is kept here, with its mailed code, until the code is entered; only then is the
-- provider made. A sign-up nobody confirms never holds the address, so nobody can lock its owner
-- out by signing up with it. Rows are deleted once used or expired (they hold a password hash and
-- a name). Forward-only.
create table sign_up_requests (
  id serial primary key,
  -- sha256 of the signUpId only the browser that asked holds
  token_hash text not null unique,
  email text not null,
  password_hash text not null,
  first_name text not null,
  last_name text not null,
  language text not null,
  timezone text not null,
  country text,
  code_hash text not null,
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index sign_up_requests_expiry on sign_up_requests (expires_at);
