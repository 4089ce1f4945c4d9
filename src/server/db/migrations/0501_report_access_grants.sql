-- Report access (spec §2, §5, §6, §8 MEMBER_EXPERT_REPORT_NO_ACCESS): a grant an operator gives an
-- approved provider (`npm run admin -- reports grant|revoke <email>`). One row per provider; a
-- revoke stamps revoked_at and a new grant clears it, so the row tells who last changed it and
-- when. The seed grants the approved demo provider (fixtures/reports.json "reportAccess").
-- Forward-only, like every migration.
create table report_access_grants (
  provider_id integer primary key references providers (id),
  granted_at timestamptz not null default now(),
  revoked_at timestamptz
);
