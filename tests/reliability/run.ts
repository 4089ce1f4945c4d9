/**
 * `npm run reliability` (docs/reliability.md): the fault suite with its full counts, one table at
 * the end; exits 1 when a row failed. `-- --short` runs the counts of `npm test`; `-- --only
 * <name>` runs the scenarios whose name contains it (repeatable).
 */
import { formatTable } from './table';
import { FULL, runSuite, SHORT } from './suite';

const args = process.argv.slice(2);
const only = args.flatMap((arg, i) => (arg === '--only' && args[i + 1] ? [args[i + 1]!] : []));
const started = Date.now();
const rows = await runSuite(args.includes('--short') ? SHORT : FULL, only.length ? { only } : {});
console.log(`\nFault suite (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
console.log(formatTable(rows));
process.exit(rows.some((r) => r.verdict === 'FAIL') ? 1 : 0);
