-- Attempts behind the sign-in, chat-login and mail limits (docs/security.md "Sign-in and chat
-- login limits"): one row per attempt, reserved before the credential check, so a sliding window
-- can be counted atomically and an account's known addresses told apart from strangers.
create table auth_attempts (
  id bigserial primary key,
  scope text not null,
  account text not null,
  address text not null,
  at timestamptz not null default now(),
  -- pending: reserved, the check is running; failed / ok: its result; hit: a counted request.
  outcome text not null check (outcome in ('pending', 'failed', 'ok', 'hit'))
);
create index auth_attempts_by_account on auth_attempts (scope, account, at);
create index auth_attempts_by_address on auth_attempts (scope, address, at);

drop table rate_limits;
