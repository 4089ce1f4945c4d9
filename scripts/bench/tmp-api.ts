import { startStack } from '../../tests/support/stack';
import { createReporter } from './bench';
import { section } from './sections/api-latency';
const stack = await startStack({ env: { PROSODY_BIN: '' } });
const r = createReporter(section.name);
try { await section.run({ stack, report: r.report, note: r.note }); } finally { r.print(0); await stack.stop({ remove: true }); }
