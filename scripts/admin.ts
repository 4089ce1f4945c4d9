/**
 * `npm run admin -- <command> …`: reviewer and operator commands, run against the RUNNING server
 * over loopback with the admin secret from DATA_DIR (docs/architecture.md §3: one process owns the embedded
 * database). Commands live in scripts/admin/commands/*.ts.
 */
import { COMMANDS } from './admin/commands';
import { AdminCallError, connectToServer } from './admin/server-connection';

function usage(): string {
  return [
    'Usage: npm run admin -- <command> [arguments]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.usage.padEnd(52)} ${c.summary}`),
  ].join('\n');
}

async function main(argv: string[]) {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help') {
    console.log(usage());
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${usage()}`);
    return 2;
  }
  const server = await connectToServer(process.env.DATA_DIR || '.data');
  return command.run(server, args);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code ?? 0),
  (error: unknown) => {
    console.error(error instanceof AdminCallError || error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
