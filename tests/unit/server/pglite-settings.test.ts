import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_SETTINGS } from '../../../src/server/db/database';
import { openEmptyPGlite } from './db-fixture';

describe('the embedded database’s settings (docs/performance.md "Warm start")', () => {
  let opened: Awaited<ReturnType<typeof openEmptyPGlite>>;
  beforeAll(async () => {
    opened = await openEmptyPGlite('pglite-settings');
  });
  afterAll(() => opened.close());

  it('sizes shared memory for its one backend', async () => {
    for (const setting of PGLITE_SETTINGS) {
      const [name, value] = setting.split('=') as [string, string];
      const { rows } = await opened.pglite.query<Record<string, string>>(`show ${name}`);
      expect(rows[0]![name]).toBe(value);
    }
  });
});
