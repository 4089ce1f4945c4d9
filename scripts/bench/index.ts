/**
 * `npm run bench` (docs/architecture.md §4): starts one real stack (server, Prosody, database) and runs the
 * benchmark sections in scripts/bench/sections/ against it, printing every figure next to its
 * reference. A section is a module exporting `section: BenchSection`; add one by adding a file.
 * `npm run bench -- xmpp` runs only the sections whose names contain "xmpp"; `--quick` asks the
 * sections that take it for fewer samples; `npm run bench -- --load` runs the several-process load
 * run of load/run.ts instead.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensurePortalBuilt } from '../lib/bootstrap.mjs';
import { startStack } from '../../tests/support/stack';
import { createReporter, printTable, type BenchSection, type SectionResult } from './bench';

const here = path.dirname(fileURLToPath(import.meta.url));

async function loadSections(filter: string[]): Promise<BenchSection[]> {
  const dir = path.join(here, 'sections');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.ts')).sort();
  const sections: BenchSection[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as { section?: BenchSection };
    if (!module.section) throw new Error(`${file} exports no "section"`);
    if (filter.length === 0 || filter.some((f) => module.section!.name.includes(f)))
      sections.push(module.section);
  }
  return sections;
}

async function main(): Promise<void> {
  const benchStarted = performance.now();
  const sections = await loadSections(process.argv.slice(2).filter((arg) => !arg.startsWith('--')));
  if (sections.length === 0) throw new Error('No benchmark section matches');
  console.log(`Starting the stack for ${sections.map((s) => s.name).join(', ')} …`);
  ensurePortalBuilt();
  const stack = await startStack({ portal: true });
  console.log(`  stack started: ${((performance.now() - benchStarted) / 1000).toFixed(1)} s`);
  const results: SectionResult[] = [];
  try {
    for (const section of sections) {
      const reporter = createReporter(section.name);
      const started = performance.now();
      let failed = false;
      try {
        await section.run({ stack, report: reporter.report, note: reporter.note });
      } catch (error) {
        failed = true;
        reporter.note(`FAILED: ${(error as Error).stack ?? String(error)}`);
      }
      results.push(reporter.result(performance.now() - started, failed));
      console.log(`  ${section.name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    await stack.stop({ remove: true });
  }
  console.log(`\n${printTable(results)}`);
  const mode = process.argv.includes('--quick') ? ' (--quick)' : '';
  console.log(`\nbench${mode}: ${((performance.now() - benchStarted) / 1000).toFixed(0)} s in all`);
  process.exit(results.some((r) => r.failed) ? 1 : 0);
}

// `npm run bench -- --load`: the several-process load run instead (docs/architecture.md §5).
if (process.argv.includes('--load')) await import('./load/run');
else await main();
