/**
 * The bench's one table (docs/architecture.md §4): every figure of every section as min / median /
 * max over its runs, its reference, the ratio, the target, the worst run's value and whether the
 * target held in every run; then each section's runs, load average and notes.
 */
import { spreadOf, type SectionResult, type Spread, type SpreadRow } from './spread';

const number = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/** "9.1 / 10.2 / 44 ms", or one value when every run gave it. */
export function formatSpread(value: Spread | string | undefined, unit = '', digits?: number): string {
  if (value === undefined) return '';
  const suffix = unit ? ` ${unit}` : '';
  if (typeof value === 'string') return `${value}${suffix}`;
  const show = (n: number) => (digits === undefined ? number(n) : n.toFixed(digits));
  if (value.min === value.max) return `${show(value.min)}${suffix}`;
  return `${show(value.min)} / ${show(value.median)} / ${show(value.max)}${suffix}`;
}

function describeTarget(row: SpreadRow): string {
  if (!row.target) return '';
  const sign = row.target.at === 'most' ? '≤' : '≥';
  return row.target.of === 'ratio'
    ? `${sign} ${row.target.value}×`
    : `${sign} ${number(row.target.value)} ${row.unit}`;
}

function describeWorst(row: SpreadRow): string {
  if (row.worst === undefined) return '';
  return row.target?.of === 'ratio' ? `${row.worst.toFixed(2)}×` : `${number(row.worst)} ${row.unit}`;
}

/** The section's runs, time and load average, as its heading under the table. */
export function describeSection(result: SectionResult): string {
  const load = spreadOf(result.runs.map((r) => r.load1));
  const runs = `${result.runs.length} run${result.runs.length === 1 ? '' : 's'}`;
  const why = result.runsReason ? ` (${result.runsReason})` : '';
  const loadText = load ? `, load average (1 min) ${formatSpread(load, '', 1)}` : '';
  const failed = result.failed ? ' FAILED' : '';
  return `${result.name}: ${runs}${why}, ${(result.elapsedMs / 1000).toFixed(1)} s${loadText}${failed}`;
}

export function printTable(results: SectionResult[], conditions: string[] = []): string {
  const header = [
    'section',
    'figure',
    'ours (min / median / max)',
    'reference',
    'reference is',
    'ratio',
    'target',
    'worst run',
    'holds',
  ];
  const table: string[][] = [];
  for (const result of results)
    for (const r of result.rows) {
      const partial = r.runs < result.runs.length ? ` (${r.runs} of ${result.runs.length} runs)` : '';
      table.push([
        result.name,
        `${r.metric}${partial}`,
        formatSpread(r.ours, r.unit),
        formatSpread(r.reference, r.unit),
        r.referenceName ?? '',
        r.ratio ? `${formatSpread(r.ratio, '', 2)}×` : '',
        describeTarget(r),
        describeWorst(r),
        r.holds === undefined ? '' : r.holds ? 'yes' : 'NO',
      ]);
    }
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const out = [...conditions, ...(conditions.length ? [''] : [])];
  out.push(line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...table.map(line));
  const targets = results.flatMap((r) => r.rows).filter((r) => r.holds !== undefined);
  out.push('', `targets holding in every run: ${targets.filter((r) => r.holds).length} of ${targets.length}`);
  for (const result of results) {
    out.push('', describeSection(result));
    for (const text of result.notes) out.push(`  - ${text}`);
  }
  return out.join('\n');
}
