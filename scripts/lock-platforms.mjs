// Keeps package-lock.json installable by `npm ci` on every platform.
//
// The registry this project installs from serves only the packages of the machines we run on, so an
// `npm install` here records a native package's Linux builds and silently drops the optional builds
// for other platforms. `npm ci` then refuses the lockfile ("Missing: …@ from lock file"). This
// script adds a lock entry for every optional platform build a locked package declares but the lock
// lacks, with the `os`/`cpu` read from the build's name, so npm skips it on other machines and
// `npm ci` accepts the lock. Run it after changing dependencies: `npm run lock:platforms`.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'win32',
  'openharmony',
  'sunos',
  'aix',
  'openbsd',
  'netbsd',
];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'mips64el', 'wasm32'];
const LIBC = { gnu: 'glibc', gnueabihf: 'glibc', musl: 'musl', musleabihf: 'musl' };

/** `@scope/pkg-darwin-arm64` → `{ os: ['darwin'], cpu: ['arm64'] }`; null when the name says no platform. */
export function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (!os && !cpu) return null;
  const libc = parts.map((p) => LIBC[p]).find(Boolean);
  return { ...(os && { os: [os] }), ...(cpu && { cpu: [cpu] }), ...(libc && { libc: [libc] }) };
}

/** Adds the missing optional platform builds; answers the names it added. */
export function fillPlatformBuilds(lock) {
  const added = [];
  for (const [key, entry] of Object.entries(lock.packages)) {
    for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const nested = `${key}/node_modules/${dep}`;
      const hoisted = `node_modules/${dep}`;
      if (lock.packages[nested] || lock.packages[hoisted]) continue;
      const platform = platformOf(dep);
      if (!platform) continue;
      lock.packages[hoisted] = {
        version,
        ...(entry.dev && { dev: true }),
        optional: true,
        ...platform,
      };
      added.push(`${dep}@${version}`);
    }
  }
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  );
  return added;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = path.join(ROOT, 'package-lock.json');
  const lock = JSON.parse(readFileSync(file, 'utf8'));
  const added = fillPlatformBuilds(lock);
  writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
  console.log(
    added.length
      ? `Added ${added.length} platform builds: ${added.join(', ')}`
      : 'The lockfile lists every platform build.',
  );
}
