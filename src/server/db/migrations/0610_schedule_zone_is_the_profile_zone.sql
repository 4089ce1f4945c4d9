-- Her time zone has one owner (docs/architecture.md §3 "Her time zone"): `providers.timezone`.
-- The schedule kept a copy that every save wrote together with it (0600_one_time_zone.sql made
-- the two agree); her availability is now read in the profile's zone, so the copy goes.
-- Forward-only.
alter table schedule_settings drop column timezone;
