import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import {
  jemallocPath,
  ProsodyAllocatorError,
  prosodyAllocator,
  withAllocator,
} from '../../../src/server/prosody/allocator';

const JEMALLOC = '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2';
const present =
  (...paths: string[]) =>
  (p: string) =>
    paths.includes(p);

describe('Prosody\'s allocator (docs/prosody.md "Memory allocator")', () => {
  it("is jemalloc where Debian's libjemalloc2 puts it, by default", () => {
    expect(jemallocPath('x64')).toBe(JEMALLOC);
    expect(jemallocPath('arm64')).toBe('/usr/lib/aarch64-linux-gnu/libjemalloc.so.2');
    expect(prosodyAllocator(null, present(JEMALLOC), 'x64')).toEqual({ preload: JEMALLOC, warning: null });
  });

  it("falls back to glibc's with a warning that says how to install it when the package is missing", () => {
    const allocator = prosodyAllocator(null, present(), 'x64');
    expect(allocator.preload).toBeNull();
    expect(allocator.warning).toMatch(/apt-get install -y libjemalloc2/);
    expect(allocator.warning).toMatch(/PROSODY_MALLOC empty/);
    expect(prosodyAllocator(null, present(JEMALLOC), 'ia32').preload).toBeNull();
  });

  it("is glibc's own, without a warning, when PROSODY_MALLOC is empty", () => {
    expect(prosodyAllocator('', present(JEMALLOC), 'x64')).toEqual({ preload: null, warning: null });
  });

  it('is the library PROSODY_MALLOC names, which must exist', () => {
    const mimalloc = '/usr/lib/x86_64-linux-gnu/libmimalloc.so.2';
    expect(prosodyAllocator(mimalloc, present(mimalloc), 'x64')).toEqual({
      preload: mimalloc,
      warning: null,
    });
    expect(() => prosodyAllocator(mimalloc, present(JEMALLOC), 'x64')).toThrow(ProsodyAllocatorError);
    expect(() => prosodyAllocator(mimalloc, present(JEMALLOC), 'x64')).toThrow(/does not exist/);
  });

  it('refuses a PROSODY_MALLOC that is not an absolute path when the configuration is read', () => {
    expect(loadConfig({}).chat.prosodyMalloc).toBeNull();
    expect(loadConfig({ PROSODY_MALLOC: '' }).chat.prosodyMalloc).toBe('');
    expect(loadConfig({ PROSODY_MALLOC: JEMALLOC }).chat.prosodyMalloc).toBe(JEMALLOC);
    expect(() => loadConfig({ PROSODY_MALLOC: 'libjemalloc.so.2' })).toThrow(/absolute path/);
  });

  it("is preloaded ahead of any LD_PRELOAD in Prosody's environment, which it otherwise keeps", () => {
    const env = { PATH: '/usr/bin', PORTAL_HOOK_SECRET: 's' };
    expect(withAllocator(env, { preload: JEMALLOC, warning: null })).toEqual({
      ...env,
      LD_PRELOAD: JEMALLOC,
    });
    expect(
      withAllocator({ ...env, LD_PRELOAD: '/opt/x.so' }, { preload: JEMALLOC, warning: null }).LD_PRELOAD,
    ).toBe(`${JEMALLOC}:/opt/x.so`);
    expect(withAllocator(env, { preload: null, warning: null })).toBe(env);
  });
});
