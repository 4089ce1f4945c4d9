/**
 * `npm run bench` (docs/architecture.md §4): starts one real stack (server, Prosody, database) and
 * runs each benchmark section of scripts/bench/sections/ several times against it, with one core
 * kept busy by a process of its own (lib/busy-core.ts), printing every figure as min / median /
 * max over the runs next to its reference; a target holds when its worst run holds. A section is
 * a module exporting `section: BenchSection`; add one by adding a file.
 * `npm run bench -- xmpp` runs only the sections whose names contain "xmpp"; `--quick` asks for
 * fewer runs and samples; `--runs N` gives every section N runs; `--no-busy-core` leaves the
 * machine's other cores alone (for comparing with a quiet machine); `npm run bench -- --load`
 * runs the several-process load run of load/run.ts instead.
 */
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensurePortalBuilt } from '../lib/bootstrap.mjs';
import { startStack, type TestStack } from '../../tests/support/stack';
import { testTrace } from '../../tests/support/test-trace';
import { createReporter, DEFAULT_RUNS, type BenchSection } from './bench';
import { startBusyCore, type BusyCore } from './lib/busy-core';
import { combineNotes, combineRuns, type RunRecord, type SectionResult } from './spread';
import { describeSection, printTable } from './table';

const here = path.dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes('--quick');

/** `--runs N`, or null. */
function runsOption(): number | null {
  const at = process.argv.indexOf('--runs');
  if (at < 0) return null;
  const runs = Number(process.argv[at + 1]);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of runs, 1 or more');
  return runs;
}

/** The words of the command line that name sections (not options, not the value of --runs). */
function sectionFilter(): string[] {
  const args = process.argv.slice(2);
  return args.filter((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--runs');
}

async function loadSections(filter: string[]): Promise<BenchSection<unknown>[]> {
  const dir = path.join(here, 'sections');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.ts')).sort();
  const sections: BenchSection<unknown>[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as {
      section?: BenchSection<unknown>;
    };
    if (!module.section) throw new Error(`${file} exports no "section"`);
    if (filter.length === 0 || filter.some((f) => module.section!.name.includes(f)))
      sections.push(module.section);
  }
  return sections;
}

const load1 = () => os.loadavg()[0]!;

/** Set-up once, then the section's runs one after another; a failed run fails the section. */
async function runSection(
  section: BenchSection<unknown>,
  stack: TestStack,
  forcedRuns: number | null,
): Promise<SectionResult> {
  const started = performance.now();
  const runs = forcedRuns ?? (section.runs ?? DEFAULT_RUNS)[quick ? 'quick' : 'full'];
  const setupNotes: string[] = [];
  const records: RunRecord[] = [];
  let failed = false;
  let shared: unknown;
  let setUp = false;
  try {
    shared = section.setup ? await section.setup({ stack, note: (t) => setupNotes.push(t) }) : undefined;
    setUp = true;
  } catch (error) {
    setupNotes.push(`FAILED in set-up: ${(error as Error).stack ?? String(error)}`);
    failed = true;
  }
  for (let run = 1; run <= runs && !failed; run++) {
    const reporter = createReporter();
    const runStarted = performance.now();
    let runFailed = false;
    try {
      await section.run({ stack, report: reporter.report, note: reporter.note, run, runs }, shared);
    } catch (error) {
      runFailed = failed = true;
      reporter.note(`FAILED: ${(error as Error).stack ?? String(error)}`);
    }
    const elapsedMs = performance.now() - runStarted;
    records.push({ ...reporter, load1: load1(), elapsedMs, failed: runFailed });
    console.log(
      `  ${section.name} run ${run}/${runs}: ${(elapsedMs / 1000).toFixed(1)} s, load ${load1().toFixed(1)}${runFailed ? ' FAILED' : ''}`,
    );
  }
  try {
    if (setUp) await section.teardown?.(shared);
  } catch (error) {
    setupNotes.push(`FAILED in tear-down: ${(error as Error).stack ?? String(error)}`);
    failed = true;
  }
  return {
    name: section.name,
    runs: records,
    rows: combineRuns(records.map((r) => r.rows)),
    notes: [...setupNotes, ...combineNotes(records.map((r) => r.notes))],
    elapsedMs: performance.now() - started,
    failed,
    ...(section.runsReason ? { runsReason: section.runsReason } : {}),
  };
}

async function main(): Promise<void> {
  const benchStarted = performance.now();
  // The test harness's clients record every stanza for a failed test's trace (docs/console.md
  // "Trace files"); measured clients do not, ours or the reference.
  testTrace.paused = true;
  const forcedRuns = runsOption();
  const sections = await loadSections(sectionFilter());
  if (sections.length === 0) throw new Error('No benchmark section matches');
  console.log(`Starting the stack for ${sections.map((s) => s.name).join(', ')} …`);
  ensurePortalBuilt();
  const stack = await startStack({ portal: true });
  console.log(`  stack started: ${((performance.now() - benchStarted) / 1000).toFixed(1)} s`);
  const busy: BusyCore | null = process.argv.includes('--no-busy-core') ? null : await startBusyCore();
  const results: SectionResult[] = [];
  let busyShare: number | null;
  try {
    for (const section of sections) {
      const result = await runSection(section, stack, forcedRuns);
      results.push(result);
      console.log(`  ${describeSection(result)}`);
    }
  } finally {
    busyShare = busy?.share() ?? null;
    await busy?.stop();
    await stack.stop({ remove: true });
  }
  const conditions = [
    busyShare !== null
      ? `busy core: one process of the bench spinning at normal priority, ${Math.round(busyShare * 100)} % of a core over the sections`
      : 'busy core: off (--no-busy-core)',
    `machine: ${os.availableParallelism()} cores; load average (1 min) at the end ${load1().toFixed(1)}`,
  ];
  console.log(`\n${printTable(results, conditions)}`);
  const mode = quick ? ' (--quick)' : '';
  console.log(`\nbench${mode}: ${((performance.now() - benchStarted) / 1000).toFixed(0)} s in all`);
  process.exit(results.some((r) => r.failed) ? 1 : 0);
}

// `npm run bench -- --load`: the several-process load run instead (docs/architecture.md §5).
if (process.argv.includes('--load')) await import('./load/run');
else await main();
