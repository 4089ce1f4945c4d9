-- E-mail verification (spec §2 /verification): sign-up mails a 6-digit code, the provider enters it on
-- /verification and the account records when. Until then the profile cannot be submitted for
-- review (src/server/account/email-verification.ts). Forward-only.
alter table providers add column email_verified_at timestamptz;

-- Accounts made before verification existed signed up through the same form and were reviewed
-- by an operator: they count as verified from their creation.
update providers set email_verified_at = created_at;

create table email_verifications (
  id serial primary key,
  provider_id integer not null references providers (id),
  code_hash text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  attempts integer not null default 0,
  used_at timestamptz
);
create index email_verifications_provider on email_verifications (provider_id, created_at desc);
