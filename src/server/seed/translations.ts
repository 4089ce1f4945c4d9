/**
 * The catalogues' and agreement documents' translations (issue 26, migrations/0570): findings,
 * steps, lifestyle advice, member tags and blog categories by id, agreement documents by kind and
 * version, from fixtures/catalogue-translations.json. Runs on a database seeded before it too.
 */
import { catalogueTranslations as t } from '../../../fixtures';
import type { Database } from '../db/database';
import type { Seeder } from './seeder';

type ById = Record<string, Record<string, Record<string, string>>>;
type Table =
  | 'expert_report_categories'
  | 'expert_report_todos'
  | 'expert_report_lifestyle'
  | 'member_tags'
  | 'blog_categories';

async function byId(db: Database, table: Table, translations: ById) {
  for (const [id, languages] of Object.entries(translations)) {
    await db
      .updateTable(table)
      .set({ translations: JSON.stringify(languages) })
      .where('id', '=', Number(id))
      .execute();
  }
}

export const seedCatalogueTranslations: Seeder = {
  name: 'catalogue-translations',
  async run({ db }) {
    await byId(db, 'expert_report_categories', t.categories);
    await byId(db, 'expert_report_todos', t.toDos);
    await byId(db, 'expert_report_lifestyle', t.lifestyle);
    await byId(db, 'member_tags', t.memberTags);
    await byId(db, 'blog_categories', t.blogCategories);
    for (const [key, languages] of Object.entries(t.protocols as ById)) {
      const [kind, version] = key.split(':') as ['TERMS_OF_SERVICE' | 'PRIVACY_POLICY', string];
      await db
        .updateTable('protocols')
        .set({ translations: JSON.stringify(languages) })
        .where('kind', '=', kind)
        .where('version', '=', Number(version))
        .execute();
    }
  },
};

/**
 * The specialities of the profile form by code (migrations/0620), a seeder of its own so that a
 * database seeded before it gets them too.
 */
export const seedDoctorCategoryTranslations: Seeder = {
  name: 'doctor-category-translations',
  async run({ db }) {
    for (const [code, languages] of Object.entries(t.doctorCategories as ById)) {
      await db
        .updateTable('doctor_categories')
        .set({ translations: JSON.stringify(languages) })
        .where('code', '=', code)
        .execute();
    }
  },
};
