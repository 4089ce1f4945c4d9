/**
 * The memory allocator Prosody runs on (docs/prosody.md "Memory allocator"): jemalloc from Debian's
 * libjemalloc2, preloaded into Prosody's Lua interpreter. Lua allocates and frees a small block for
 * every table and string of every stanza, and glibc's allocator spent about a seventh of Prosody's
 * CPU on it in a burst of messages; with jemalloc Prosody used about 15 % less CPU per message.
 *
 * PROSODY_MALLOC chooses: unset, jemalloc where the package put it (a warning when it is missing);
 * empty, glibc's own allocator; a path, that library, which must exist.
 */
import { existsSync } from 'node:fs';

/** An allocator PROSODY_MALLOC names that is not there: the start stops with this message. */
export class ProsodyAllocatorError extends Error {}

/** The Debian package `npm start` installs with Prosody (scripts/lib/bootstrap.mjs). */
export const JEMALLOC_PACKAGE = 'libjemalloc2';

/** Debian's multiarch directory of each Node architecture the portal runs on. */
const MULTIARCH: Partial<Record<NodeJS.Architecture, string>> = {
  x64: 'x86_64-linux-gnu',
  arm64: 'aarch64-linux-gnu',
};

/** Where libjemalloc2 puts the library on this architecture, or null when Debian has no such directory. */
export function jemallocPath(arch: NodeJS.Architecture = process.arch): string | null {
  const dir = MULTIARCH[arch];
  return dir ? `/usr/lib/${dir}/libjemalloc.so.2` : null;
}

export interface ProsodyAllocator {
  /** The library to preload, or null for glibc's allocator. */
  preload: string | null;
  /** Why the default could not be used, for the log; null when nothing is wrong. */
  warning: string | null;
}

/**
 * The allocator for a PROSODY_MALLOC setting (null when unset). An explicit path that does not
 * exist is a configuration error: the operator asked for it.
 */
export function prosodyAllocator(
  setting: string | null,
  exists: (path: string) => boolean = existsSync,
  arch: NodeJS.Architecture = process.arch,
): ProsodyAllocator {
  if (setting === '') return { preload: null, warning: null };
  if (setting !== null) {
    if (!exists(setting))
      throw new ProsodyAllocatorError(
        `PROSODY_MALLOC is ${setting}, which does not exist: install ${JEMALLOC_PACKAGE}, name another library, or set it empty for glibc's allocator`,
      );
    return { preload: setting, warning: null };
  }
  const jemalloc = jemallocPath(arch);
  if (jemalloc && exists(jemalloc)) return { preload: jemalloc, warning: null };
  return {
    preload: null,
    warning: `jemalloc is not installed (apt-get install -y ${JEMALLOC_PACKAGE}): Prosody runs on glibc's allocator and spends about 15 % more CPU per message (docs/prosody.md "Memory allocator"); set PROSODY_MALLOC empty to choose that without this warning`,
  };
}

/** Prosody's environment with the allocator preloaded ahead of any LD_PRELOAD already there. */
export function withAllocator(env: NodeJS.ProcessEnv, allocator: ProsodyAllocator): NodeJS.ProcessEnv {
  if (!allocator.preload) return env;
  const already = env.LD_PRELOAD?.trim();
  return { ...env, LD_PRELOAD: already ? `${allocator.preload}:${already}` : allocator.preload };
}
