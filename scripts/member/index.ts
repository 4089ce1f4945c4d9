/**
 * `npm run member -- --as <persona>`: a member on the vendor's app, simulated (issue 4 "Member
 * simulator"). Runs until Ctrl-C (SIGINT) or SIGTERM, then signs out of the chat cleanly.
 */
import { readOptions, USAGE, UsageError } from './options';
import { startMemberSimulator } from './simulator';

async function main(): Promise<number> {
  const options = await readOptions(process.argv.slice(2), process.env);
  if (!options) {
    console.log(USAGE);
    return 0;
  }
  const simulator = await startMemberSimulator(options);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  try {
    await simulator.stop();
  } catch (error) {
    // Not a mistake of the user's: the stack says where the sign-out broke.
    console.error(`The sign-out failed: ${(error as Error).stack ?? String(error)}`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof UsageError ? `${error.message}\n\n${USAGE}` : (error as Error).message);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
