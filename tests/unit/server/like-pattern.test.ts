/** A keyword search matches the keyword's own wildcards literally (src/server/db/like-pattern.ts). */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likePattern } from '../../../src/server/db/like-pattern';
import { openTestDatabase, type TestDatabase } from './db-fixture';

describe('likePattern', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase('like-pattern');
  });
  afterAll(() => test.close());

  const matches = async (text: string, keyword: string) => {
    const { rows } = await sql<{ hit: boolean }>`select ${text} ilike ${likePattern(keyword)} as hit`.execute(
      test.db,
    );
    return rows[0]!.hit;
  };

  it('finds the keyword anywhere, in any case', async () => {
    expect(await matches('Anna Weber', 'web')).toBe(true);
    expect(await matches('Anna Weber', 'Lena')).toBe(false);
  });

  it('matches %, _ and \\ in the keyword as themselves, not as wildcards', async () => {
    expect(await matches('100% natural', '0% n')).toBe(true);
    expect(await matches('1000 natural', '0% n')).toBe(false);
    expect(await matches('a_b', 'a_b')).toBe(true);
    expect(await matches('axb', 'a_b')).toBe(false);
    expect(await matches('back\\slash', 'k\\s')).toBe(true);
    expect(await matches('backslash', 'k\\s')).toBe(false);
  });
});
