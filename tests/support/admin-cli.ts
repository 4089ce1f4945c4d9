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
