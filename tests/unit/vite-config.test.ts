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
