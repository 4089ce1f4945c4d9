// Bootstrap shared by `npm start`, `npm test` and `npm run dev`: installs what is missing (npm
// packages, Prosody and — for tests — Chromium and PostgreSQL from Debian's packages) and builds the portal when
// its sources changed. Plain Node, no dependencies: it runs before node_modules exists. On a warm
// checkout every step is a cheap check (a hash, a few hundred mtimes, one dpkg-query); with
// START_TIMING=1 each step prints how long it took (docs/performance.md "Warm start"). On a fresh
// machine the two installers run side by side: both mostly wait on their downloads.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export class BootstrapError extends Error {}

const say = (text) => console.log(`• ${text}`);

/** Runs one bootstrap step; with START_TIMING=1 prints its duration on stderr. */
export function timed(label, work) {
  if (process.env.START_TIMING !== '1') return work();
  const started = performance.now();
  const report = () => console.error(`⏱ start: ${label} ${Math.round(performance.now() - started)} ms`);
  const result = work();
  if (result instanceof Promise) return result.finally(report);
  report();
  return result;
}

/** Where a failed step's full output goes, so the failure itself stays one line. */
export const BOOTSTRAP_LOG = path.join(os.tmpdir(), 'provider-portal-bootstrap.log');

let logged = false;

function failed(result, message) {
  // The installers run side by side: a second failure adds to the log instead of replacing it.
  writeFileSync(BOOTSTRAP_LOG, result.output || String(result.error ?? ''), { flag: logged ? 'a' : 'w' });
  logged = true;
  return new BootstrapError(`${message} (details: ${BOOTSTRAP_LOG})`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: options.quiet ? 'pipe' : 'inherit',
    env: { ...process.env, ...options.env },
  });
  return {
    ok: result.status === 0,
    output: `${result.stdout ?? ''}${result.stderr ?? ''}`,
    error: result.error,
  };
}

/** `run` without blocking the event loop, its output kept (an installer beside another one). */
function runQuietly(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...options.env },
    });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (error) => resolve({ ok: false, output: Buffer.concat(chunks).toString(), error }));
    child.on('close', (code) => resolve({ ok: code === 0, output: Buffer.concat(chunks).toString() }));
  });
}

function mtime(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function newest(dir) {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : mtime(full));
  }
  return latest;
}

const LOCKFILE = path.join(ROOT, 'package-lock.json');
/** Written after a successful `npm ci`: the hash of the lockfile it installed. */
const INSTALLED_STAMP = path.join(ROOT, 'node_modules', '.portal-installed-lock');

const lockHash = () => createHash('sha256').update(readFileSync(LOCKFILE)).digest('hex');

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Whether node_modules holds what package-lock.json locks, by npm's own record of what it installed
 * (node_modules/.package-lock.json): every locked package at its version, where an optional one
 * (another platform's build) may be absent, and nothing else. For a node_modules installed before
 * the stamp existed, or copied in: a checkout or `git worktree add` gives the lockfile a new mtime
 * without changing it, which must not cost a whole `npm ci`.
 */
export function installedMatchesLock(lock, installed) {
  const locked = lock?.packages;
  const present = installed?.packages;
  if (!locked || !present) return false;
  for (const [name, entry] of Object.entries(locked)) {
    if (name === '' || entry.link) continue;
    const have = present[name];
    if (!have) {
      if (entry.optional || entry.devOptional) continue;
      return false;
    }
    if (have.version !== entry.version) return false;
  }
  return Object.keys(present).every((name) => name in locked);
}

/**
 * npm packages: `npm ci` when node_modules does not hold what the lockfile locks. Never a fallback
 * to `npm install`: a lockfile that `npm ci` refuses is a defect to fix (`npm run lock:platforms`),
 * not to paper over, since every CI run and deploy installs with `npm ci`.
 */
export async function ensureNodeModules() {
  if (existsSync(path.join(ROOT, 'node_modules'))) {
    const hash = lockHash();
    if (existsSync(INSTALLED_STAMP) && readFileSync(INSTALLED_STAMP, 'utf8') === hash) return;
    const installed = readJson(path.join(ROOT, 'node_modules', '.package-lock.json'));
    if (installedMatchesLock(readJson(LOCKFILE), installed)) {
      writeFileSync(INSTALLED_STAMP, hash);
      return;
    }
  }
  say('Installing npm packages (npm ci)…');
  const ci = await runQuietly('npm', ['ci', '--no-audit', '--no-fund']);
  if (ci.ok) {
    writeFileSync(INSTALLED_STAMP, lockHash());
    return;
  }
  throw failed(
    ci,
    /in sync|from lock file/.test(ci.output)
      ? 'npm ci refused package-lock.json (out of sync with package.json); run `npm install` then `npm run lock:platforms` and commit the lockfile.'
      : 'npm ci failed; check that the npm registry is reachable and run it again.',
  );
}

/** Which of `names` are installed, by one dpkg-query (it fails when one is unknown, and still lists the rest). */
function dpkgInstalled(names) {
  const result = run('dpkg-query', ['-W', '-f=${Package} ${Status}\n', ...names], { quiet: true });
  return new Set(
    result.output
      .split('\n')
      .filter((line) => line.endsWith(' install ok installed'))
      .map((line) => line.split(' ')[0]),
  );
}

let aptUpdated = false;

/** Debian packages through apt-get (as root, or with passwordless sudo). */
export async function ensureDebianPackages(packages, why) {
  const installed = dpkgInstalled(packages);
  const missing = packages.filter((p) => !installed.has(p));
  if (missing.length === 0) return;
  const hasDpkg = run('dpkg-query', ['--version'], { quiet: true }).ok;
  if (!hasDpkg)
    throw new BootstrapError(
      `${missing.join(', ')} (${why}) must be installed, and this machine has no Debian package manager; install them and try again.`,
    );
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = !root && run('sudo', ['-n', 'true'], { quiet: true }).ok;
  if (!root && !sudo) {
    throw new BootstrapError(
      `${missing.join(', ')} (${why}) must be installed and this needs root: run "sudo apt-get install -y ${missing.join(' ')}" and try again.`,
    );
  }
  const apt = (args) =>
    root
      ? runQuietly('apt-get', args, { env: { DEBIAN_FRONTEND: 'noninteractive' } })
      : runQuietly('sudo', ['-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args]);
  say(`Installing ${missing.join(', ')} from Debian's packages (${why})…`);
  if (!aptUpdated) {
    const update = await apt(['update', '-qq']);
    if (!update.ok)
      throw failed(
        update,
        "apt-get update failed; check that Debian's package mirror is reachable and try again.",
      );
    aptUpdated = true;
  }
  const install = await apt(['install', '-y', '-qq', ...missing]);
  if (!install.ok)
    throw failed(
      install,
      `apt-get could not install ${missing.join(', ')}; check the package mirror, or install them by hand and try again.`,
    );
  // On machines with systemd the package starts a system Prosody on 5222/5280; ours runs on its own.
  if (
    missing.includes('prosody') &&
    run('systemctl', ['is-active', '--quiet', 'prosody'], { quiet: true }).ok
  ) {
    if (root) run('systemctl', ['disable', '--now', 'prosody'], { quiet: true });
    else run('sudo', ['-n', 'systemctl', 'disable', '--now', 'prosody'], { quiet: true });
  }
}

const PORTAL_INPUTS = [
  'src/app',
  'src/shared',
  'src/rest',
  'src/xmpp',
  'src/webrtc',
  'src/socket',
  'proto',
  'index.html',
  'public',
  'vite.config.ts',
  'scripts/lib/precompress.mjs',
  'scripts/lib/route-pages.mjs',
  'package-lock.json',
];

/** Whether dist/portal is missing or older than its sources. */
export function portalBuildStale() {
  const built = mtime(path.join(ROOT, 'dist/portal/index.html'));
  const sources = Math.max(
    ...PORTAL_INPUTS.map((p) =>
      statSync(path.join(ROOT, p), { throwIfNoEntry: false })?.isDirectory()
        ? newest(path.join(ROOT, p))
        : mtime(path.join(ROOT, p)),
    ),
  );
  return built < sources;
}

const PORTAL_BUILD = ['npm', ['run', '--silent', 'build', '--', '--logLevel', 'warn']];
const portalBuildFailed = () => new BootstrapError('The portal build failed; see the errors above.');

/** Builds the portal (Vite) when it is stale. */
export function ensurePortalBuilt() {
  if (!portalBuildStale()) return;
  say('Building the portal…');
  if (!run(...PORTAL_BUILD).ok) throw portalBuildFailed();
}

/** The same, without blocking the event loop: `npm test` runs the quick layers meanwhile. */
export async function ensurePortalBuiltInBackground() {
  if (!portalBuildStale()) return;
  say('Building the portal…');
  const [command, args] = PORTAL_BUILD;
  const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
  const code = await new Promise((resolve) => {
    child.on('error', () => resolve(-1));
    child.on('close', resolve);
  });
  if (code !== 0) throw portalBuildFailed();
}

/** The app socket codec (scripts/proto-gen.mjs), which the build, type-check and tests import. */
export function ensureProtoGenerated() {
  const generated = run('node', ['scripts/proto-gen.mjs', '--if-stale'], { quiet: true });
  if (!generated.ok) throw failed(generated, 'Generating the app socket codec from proto/ failed');
}

/** The Debian packages a command needs, each group with why: Prosody always. */
function debianGroups({ chromium, postgres }) {
  const groups = [
    [['prosody', 'prosody-modules', 'libjemalloc2'], 'the chat server and its memory allocator'],
  ];
  if (chromium) {
    groups.push([['chromium'], 'the browser for end-to-end tests']);
    // An XMPP client written apart from ours, as a member in the end-to-end tests
    // (docs/testing.md "Independent peers").
    groups.push([['python3-slixmpp'], 'an independent XMPP client for end-to-end tests']);
  }
  if (postgres) groups.push([['postgresql'], 'the second database engine the tests run on']);
  return groups;
}

/** What is missing of the groups, by one dpkg-query, installed by one apt-get. */
async function ensureDebianGroups(groups) {
  const installed = dpkgInstalled(groups.flatMap(([packages]) => packages));
  const missing = groups.filter(([packages]) => !packages.every((p) => installed.has(p)));
  if (missing.length === 0) return;
  await ensureDebianPackages(
    missing.flatMap(([packages]) => packages),
    missing.map(([, why]) => why).join('; '),
  );
}

/**
 * Installs what is missing, the npm packages and Debian's side by side, then builds the portal
 * when asked. With `debianInBackground` it returns once the npm packages are in, and `debian`
 * settles when Debian's are: `npm test` builds and runs the quick layers meanwhile, which need
 * none of them.
 */
export async function bootstrap({
  chromium = false,
  postgres = false,
  build = true,
  debianInBackground = false,
} = {}) {
  const debian = timed("Debian's packages", () => ensureDebianGroups(debianGroups({ chromium, postgres })));
  // Awaited below, or by the caller; a failure of the npm packages must not leave it unhandled.
  debian.catch(() => {});
  await timed('npm packages', ensureNodeModules);
  if (!debianInBackground) await debian;
  if (build) timed('portal build', ensurePortalBuilt);
  return { debian };
}

/**
 * The server as one ES module (scripts/lib/server-bundle.mjs), written again only when one of its
 * sources changed; returns the path `npm start` runs with plain Node.
 */
export async function ensureServerBuilt() {
  const { buildServerBundle, serverBundleStale, SERVER_BUNDLE } = await import('./server-bundle.mjs');
  if (serverBundleStale(ROOT)) {
    say('Building the server…');
    try {
      await buildServerBundle(ROOT);
    } catch (error) {
      const messages = (error.errors ?? []).map(
        (e) => `${e.location ? `${e.location.file}:${e.location.line}: ` : ''}${e.text}`,
      );
      throw new BootstrapError(
        `The server build failed: ${messages.join('; ') || (error.message ?? String(error))}`,
      );
    }
  }
  return path.join(ROOT, SERVER_BUNDLE);
}

/** Runs `main`, turning a BootstrapError into one clear line and exit code 1. */
export async function runMain(main) {
  try {
    process.exitCode = (await main()) ?? 0;
  } catch (error) {
    console.error(error instanceof BootstrapError ? `Cannot continue: ${error.message}` : error);
    process.exitCode = 1;
  }
}
