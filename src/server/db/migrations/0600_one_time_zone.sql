-- Her time zone is one fact (docs/architecture.md §3 "Her time zone"): saving it in her settings
-- or in her availability now saves it in both places. Where the two differed, the schedule's zone
-- is kept, since her day on the server (the dashboard's today, notification times, her
-- availability) has been counted in it. Forward-only.
update providers
set timezone = schedule_settings.timezone, updated_at = now()
from schedule_settings
where schedule_settings.provider_id = providers.id
  and schedule_settings.timezone <> providers.timezone;
