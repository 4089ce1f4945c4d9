import type { ServerConnection } from '../server-connection';

export interface AdminCommand {
  name: string;
  usage: string;
  summary: string;
  /** Returns the process exit code. */
  run(server: ServerConnection, args: string[]): Promise<number>;
}

/** `--name value` options and positional arguments. */
export function parseArgs(args: string[]): { positional: string[]; options: Record<string, string> } {
  const positional: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg.startsWith('--')) {
      const [key, inline] = arg.slice(2).split('=', 2);
      options[key!] = inline ?? args[++i] ?? '';
    } else positional.push(arg);
  }
  return { positional, options };
}
