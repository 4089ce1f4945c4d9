-- Notifications in the provider's language (spec §1 languages, §4 Notifications): every
-- notification keeps the template key and parameters it was made from
-- (src/shared/notification-templates.ts); the portal renders them in the provider's language and
-- time zone. title and body stay, in English, for API clients and for rows without a template.
-- Forward-only, like every migration.
alter table notifications add column template text;
alter table notifications add column params jsonb not null default '{}';
