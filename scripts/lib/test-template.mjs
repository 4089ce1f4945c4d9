// The seeded start of every test stack (docs/testing.md "What a run shares"): one data directory
// (PGlite's files and the secrets the seed used) and, on PostgreSQL, one template database, made
// once per `npm test` by starting the server on an empty one and stopping it. A test stack then
// starts from a copy (`cp` of the directory, `create database … template …`) instead of running
// the migrations and the seed again: about 9 s of CPU a stack on a two-core machine, some forty
// stacks a run. A stack that must see a first start asks for an empty one (`fresh`), and the
// tests of the seed and the migrations still run them. Plain Node, for scripts/test.mjs and the
// test support alike.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

/**
 * The environment variable that hands made templates down to the test processes: JSON
 * `{ pglite?: {dir}, postgres?: {dir, database, postgresUrl} }`.
 */
export const TEMPLATE_ENV = 'PORTAL_TEST_TEMPLATES';

const BANNER = 'Provider portal is running at';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs `statement` on the PostgreSQL server of `baseUrl` (its maintenance database). */
export async function adminQuery(baseUrl, statement) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `baseUrl` with another database name. */
export function databaseUrl(baseUrl, name) {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Starts the server bundle `serverEntry` on the empty directory `dir` (and the empty database at
 * `databaseUrl`, if any) without Prosody, waits for its banner, and stops it: migrated and seeded.
 */
function seedOnce(serverEntry, root, dir, url) {
  return new Promise((resolve, reject) => {
    freePort().then((port) => {
      const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverEntry], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          DATA_DIR: dir,
          DATABASE_URL: url ?? '',
          PROSODY_BIN: '',
          PORTAL_DIR: '',
          LOG_LEVEL: 'warn',
          SEED: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let log = '';
      let up = false;
      const read = (chunk) => {
        log += chunk.toString();
        if (!up && log.includes(BANNER)) {
          up = true;
          child.kill('SIGTERM');
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('error', reject);
      child.once('exit', (code, signal) => {
        if (up && (code === 0 || signal === 'SIGTERM')) resolve();
        else
          reject(new Error(`The seeded test template could not be made (exit ${code ?? signal}):\n${log}`));
      });
    }, reject);
  });
}

/**
 * Makes a template: a seeded data directory, and a seeded template database on the PostgreSQL
 * server of `postgresUrl` when given. `remove()` drops both (idempotent).
 */
export async function makeTestTemplate({ root, serverEntry, postgresUrl = null }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-template-'));
  const database = postgresUrl ? `portal_template_${Date.now()}_${randomBytes(3).toString('hex')}` : null;
  let removed = false;
  const remove = async () => {
    if (removed) return;
    removed = true;
    rmSync(dir, { recursive: true, force: true });
    if (database) await adminQuery(postgresUrl, `drop database if exists ${database} with (force)`);
  };
  try {
    if (database) await adminQuery(postgresUrl, `create database ${database}`);
    await seedOnce(serverEntry, root, dir, database ? databaseUrl(postgresUrl, database) : null);
    // What belongs to one running server, not to the data.
    for (const leftover of ['server.json', 'prosody', 'outbox'])
      rmSync(path.join(dir, leftover), { recursive: true, force: true });
  } catch (error) {
    await remove().catch(() => undefined);
    throw error;
  }
  return { dir, database, postgresUrl, remove };
}

/**
 * The template handed down in the environment for a stack on the PostgreSQL server of
 * `postgresUrl` (or on PGlite when null), or null.
 */
export function templateFromEnv(postgresUrl, env = process.env) {
  const text = env[TEMPLATE_ENV];
  if (!text) return null;
  const templates = JSON.parse(text);
  if (!postgresUrl) return templates.pglite ?? null;
  const made = templates.postgres;
  return made && made.postgresUrl === postgresUrl ? made : null;
}

/**
 * The environment entry that hands `templates` down, added to those `env` hands down already: each
 * a made template, kept under its kind (PGlite, or PostgreSQL when it has a database).
 */
export function templateEnv(templates, env = process.env) {
  const all = env[TEMPLATE_ENV] ? JSON.parse(env[TEMPLATE_ENV]) : {};
  for (const t of templates)
    all[t.database ? 'postgres' : 'pglite'] = {
      dir: t.dir,
      database: t.database,
      postgresUrl: t.postgresUrl,
    };
  return { [TEMPLATE_ENV]: JSON.stringify(all) };
}
