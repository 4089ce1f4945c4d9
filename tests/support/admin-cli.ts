/**
 * `npm run admin -- …` as the tests run it: the same command from the server's build
 * (dist/server/admin.mjs, scripts/lib/server-bundle.mjs) against the stack on `dataDir`. Resolves
 * with its output; rejects, with `stdout`, `stderr` and `code`, when it exits with an error.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ROOT, toolCommand } from './stack';

const run = promisify(execFile);

export async function runAdmin(args: string[], dataDir: string): Promise<{ stdout: string; stderr: string }> {
  const [command, toolArgs] = await toolCommand('admin');
  return run(command, [...toolArgs, ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } });
}

const seedMoments = new Map<string, Promise<number>>();

/**
 * The moment the seeder `name` of the stack on `dataDir` dated its rows from (docs/architecture.md
 * §1 "Fixtures"): what the seed wrote as today, whatever the clock says now. A stack's seed never
 * changes, so the admin command runs once per stack and seeder in a test process.
 */
export function seededAt(name: string, dataDir: string): Promise<number> {
  const key = `${dataDir}\0${name}`;
  let moment = seedMoments.get(key);
  if (!moment) {
    moment = readSeededAt(name, dataDir);
    seedMoments.set(key, moment);
    moment.catch(() => seedMoments.delete(key));
  }
  return moment;
}

async function readSeededAt(name: string, dataDir: string): Promise<number> {
  const { stdout } = await runAdmin(['seeds'], dataDir);
  const line = stdout.split('\n').find((l) => l.endsWith(`  ${name}`));
  const at = line === undefined ? Number.NaN : Date.parse(line.slice(0, line.indexOf(' ')));
  if (Number.isNaN(at))
    throw new Error(`The seeder ${name} did not run on the stack of ${dataDir}:\n${stdout}`);
  return at;
}
