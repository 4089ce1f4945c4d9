/** Seeds the published protocols and the agreements of personas that already agreed. */
import { personas, protocolFixtures } from '../../../fixtures';
import type { Seeder } from './seeder';

export const seedProtocols: Seeder = {
  name: 'protocols',
  async run({ db, now }) {
    const ids: number[] = [];
    for (const p of protocolFixtures.protocols) {
      const row = await db
        .insertInto('protocols')
        .values({
          kind: p.kind as 'TERMS_OF_SERVICE' | 'PRIVACY_POLICY',
          version: p.version,
          title: p.title,
          content: p.content,
          published_at: new Date(now - p.publishedDaysAgo * 86400_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    for (const persona of personas.providers.filter((p) => p.agreedToProtocols)) {
      const provider = await db
        .selectFrom('providers')
        .select('id')
        .where('email', '=', persona.email)
        .executeTakeFirstOrThrow();
      await db
        .insertInto('protocol_records')
        .values(ids.map((id) => ({ provider_id: provider.id, protocol_id: id, platform: 'web' })))
        .execute();
    }
  },
};
