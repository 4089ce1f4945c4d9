/**
 * `npm run reliability` (docs/reliability.md): the fault suite with its full counts, one table at
 * the end; exits 1 when a row failed. `-- --short` runs the counts of `npm test`; `-- --only
 * <name>` runs the scenarios whose name contains it (repeatable); `-- --soak-minutes N` sets the
 * soak's length.
 */
import { formatTable } from './table';
import { FULL, runSuite, SHORT } from './suite';

const args = process.argv.slice(2);
const only = args.flatMap((arg, i) => (arg === '--only' && args[i + 1] ? [args[i + 1]!] : []));
const started = Date.now();
// `--soak-minutes N`: the soak's length instead of the counts' (a shorter look at a long run's finding).
const at = args.indexOf('--soak-minutes');
const soakMinutes = at >= 0 ? Number(args[at + 1]) : null;
if (soakMinutes !== null && !(soakMinutes >= 0)) throw new Error('--soak-minutes takes a number of minutes');
const counts = args.includes('--short') ? SHORT : FULL;
const rows = await runSuite(
  soakMinutes === null ? counts : { ...counts, soakMinutes },
  only.length ? { only } : {},
);
console.log(`\nFault suite (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
console.log(formatTable(rows));
process.exit(rows.some((r) => r.verdict === 'FAIL') ? 1 : 0);
