/** Issue 10: the production build writes no source maps unless SOURCEMAPS=1 asks for them. */
import { afterEach, describe, expect, it, vi } from 'vitest';

async function buildOptions(sourcemaps: string | undefined) {
  vi.resetModules();
  if (sourcemaps === undefined) delete process.env.SOURCEMAPS;
  else process.env.SOURCEMAPS = sourcemaps;
  const config = (await import('../../vite.config')).default as { build?: { sourcemap?: unknown } };
  return config.build ?? {};
}

describe('vite.config.ts', () => {
  const saved = process.env.SOURCEMAPS;
  afterEach(() => {
    if (saved === undefined) delete process.env.SOURCEMAPS;
    else process.env.SOURCEMAPS = saved;
  });

  it('writes no source maps by default', async () => {
    expect((await buildOptions(undefined)).sourcemap).toBe(false);
    expect((await buildOptions('0')).sourcemap).toBe(false);
  });

  it('writes them when SOURCEMAPS=1 at build time', async () => {
    expect((await buildOptions('1')).sourcemap).toBe(true);
  });
});

/**
 * docs/performance.md "Lighthouse": the signed-in shell's chunk names modules by path; each
 * entry must still name a file (a renamed module would silently fall out of the chunk), and only
 * the portal's own modules (a shared schema or protocol module there made a login-route chunk
 * import it back, and the page failed to load).
 */
describe('the signed-in chunk', () => {
  it('names existing modules of src/app only', async () => {
    const { readdirSync } = await import('node:fs');
    const { SIGNED_IN_SHELL } = await import('../../vite.config');
    const files = readdirSync('src', { recursive: true, encoding: 'utf8' }).map(
      (f) => `src/${f.replaceAll('\\', '/')}`,
    );
    for (const entry of SIGNED_IN_SHELL) {
      const matched = files.filter((f) => new RegExp(`${entry}\\.tsx?$`).test(f));
      expect(matched, entry).not.toHaveLength(0);
      for (const file of matched) expect(file, entry).toMatch(/^src\/app\//);
    }
  });
});

/** docs/performance.md "Route budgets": the shared modules of the signed-in pages, one chunk. */
describe('the signed-in shared chunk', () => {
  it('names existing modules outside src/app', async () => {
    const { readdirSync } = await import('node:fs');
    const { SIGNED_IN_SHARED } = await import('../../vite.config');
    const files = readdirSync('src', { recursive: true, encoding: 'utf8' }).map(
      (f) => `src/${f.replaceAll('\\', '/')}`,
    );
    for (const entry of SIGNED_IN_SHARED) {
      const matched = files.filter((f) => new RegExp(`${entry}\\.tsx?$`).test(f));
      expect(matched, entry).not.toHaveLength(0);
      for (const file of matched) expect(file, entry).not.toMatch(/^src\/app\//);
    }
  });
});
