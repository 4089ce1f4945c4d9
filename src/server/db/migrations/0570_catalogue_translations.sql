-- The catalogues a provider reads in the portal and the agreement documents, in every portal
-- language (issue 26): findings, steps, lifestyle advice, member tags, blog categories and the
-- protocols keep their own text (English) and carry their translations by language,
-- {"de": {"name": …, "description": …}, …} with the fields of the row they translate
-- (src/server/http/request-language.ts picks one). Filled by the seed (fixtures/catalogue-translations.json).
-- Forward-only.
alter table expert_report_categories add column translations jsonb not null default '{}';
alter table expert_report_todos add column translations jsonb not null default '{}';
alter table expert_report_lifestyle add column translations jsonb not null default '{}';
alter table member_tags add column translations jsonb not null default '{}';
alter table blog_categories add column translations jsonb not null default '{}';
alter table protocols add column translations jsonb not null default '{}';
