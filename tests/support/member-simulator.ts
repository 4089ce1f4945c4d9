/**
 * Runs `npm run member` (scripts/member, from the server's build: dist/server/member.mjs) as a child
 * process for integration and e2e tests, reads what it prints, and stops it by its pid with SIGINT,
 * the way Ctrl-C does.
 */
import { spawn } from 'node:child_process';
import { ROOT, toolCommand } from './stack';

export interface RunningMember {
  readonly pid: number;
  /** Every line printed so far. */
  readonly lines: string[];
  /** Resolves with the first line (already printed or to come) matching `pattern`. */
  waitFor(pattern: RegExp, ms?: number): Promise<string>;
  /** SIGINT, then the exit code. */
  stop(): Promise<number | null>;
}

export async function startMember(
  baseUrl: string,
  persona: string,
  options: { typingMs?: number; /** More command-line options, e.g. `['--reject']`. */ args?: string[] } = {},
): Promise<RunningMember> {
  const [command, toolArgs] = await toolCommand('member');
  const child = spawn(
    command,
    [
      ...toolArgs,
      '--as',
      persona,
      '--base-url',
      baseUrl,
      '--typing-ms',
      String(options.typingMs ?? 800),
      ...(options.args ?? []),
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const lines: string[] = [];
  const waiters = new Set<{ pattern: RegExp; resolve(line: string): void }>();
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  const read = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      lines.push(line);
      for (const waiter of waiters) if (waiter.pattern.test(line)) waiter.resolve(line);
    }
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);

  const member: RunningMember = {
    pid: child.pid!,
    lines,
    waitFor(pattern, ms = 60_000) {
      const seen = lines.find((line) => pattern.test(line));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = {
          pattern,
          resolve: (line: string) => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve(line);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(`The member simulator never printed ${pattern}. It printed:\n${lines.join('\n')}`),
          );
        }, ms);
        waiters.add(waiter);
      });
    },
    async stop() {
      if (exitCode === undefined) process.kill(child.pid!, 'SIGINT');
      return exited;
    },
  };
  await Promise.race([
    member.waitFor(/Online as/, 60_000),
    exited.then((code) => {
      throw new Error(`The member simulator exited (${code}):\n${lines.join('\n')}`);
    }),
  ]);
  return member;
}
