-- The specialities a provider picks in her profile, in every portal language, as the other
-- catalogues she reads (0570_catalogue_translations.sql): the row keeps its English text and
-- carries {"de": {"name": …, "description": …}, …}. Filled by the seed
-- (fixtures/catalogue-translations.json "doctorCategories", by code). Forward-only.
alter table doctor_categories add column translations jsonb not null default '{}';
