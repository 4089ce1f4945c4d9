-- Automatic logoff enforced at the server (docs/security.md "Automatic logoff"): each session keeps
-- the provider's last activity as reported by the portal (background traffic does not move it,
-- unlike last_seen_at), and a session ended for the lack of it says so ('AUTO_LOGOFF'). Forward-only.
alter table sessions add column last_activity_at timestamptz not null default now();
alter table sessions drop constraint sessions_end_reason_check;
alter table sessions add constraint sessions_end_reason_check check (
  end_reason in ('KICKED', 'LOGOUT', 'EXPIRED', 'PASSWORD_CHANGED', 'CANCELLED', 'AUTO_LOGOFF')
);
