/**
 * docs/performance.md "Lighthouse": performance and accessibility of `/login` (cold, signed
 * out) and of the signed-in pages a provider opens most — the dashboard, Messages, a report and
 * the calendar (session kept, HTTP cache cleared) — mobile profile with Lighthouse's default
 * simulated throttling, next to their targets (docs/architecture.md §4).
 *
 * The targets are judged over the transport providers reach the portal by: TLS, where browsers
 * speak HTTP/2 (the server's own TLS port, or any TLS proxy in front; docs/performance.md
 * "HTTP/2 on the TLS port"), on a stack of the section's own started with `TLS=self-signed`. A
 * full run also measures each page over the bench's plain HTTP/1.1 stack, shown without a target.
 */
import { startStack, type TestStack } from '../../../tests/support/stack';
import type { BenchContext, BenchSection } from '../bench';
import { runLighthouse, type LighthouseFigures, type LighthousePath } from '../portal/lighthouse';

interface Target {
  name: string;
  path: LighthousePath;
  signedIn: boolean;
  performance: number;
  accessibility: number;
}

const TARGETS: readonly Target[] = [
  { name: '/login', path: '/login', signedIn: false, performance: 95, accessibility: 95 },
  {
    name: '/Dashboard/Dashboard',
    path: '/Dashboard/Dashboard',
    signedIn: true,
    performance: 90,
    accessibility: 95,
  },
  { name: '/message', path: '/message', signedIn: true, performance: 90, accessibility: 95 },
  {
    name: '/reports/detail',
    path: ({ report }) => `/reports/detail?reportId=${report}`,
    signedIn: true,
    performance: 90,
    accessibility: 95,
  },
  { name: '/calendar', path: '/calendar', signedIn: true, performance: 90, accessibility: 95 },
];

/**
 * `--quick` measures `/login` and the dashboard, one page of each target: a page takes 15–25 s
 * on a busy machine, and five of them alone outran the quick bench's three minutes
 * (docs/performance.md "Quick mode").
 */
const QUICK_PAGES = new Set(['/login', '/Dashboard/Dashboard']);
const quick = process.argv.includes('--quick');

/** One Lighthouse run of `target` at `origin`, once more if it could not measure. */
async function measure(
  origin: string,
  target: Target,
  note: BenchContext['note'],
): Promise<LighthouseFigures> {
  try {
    return await runLighthouse(origin, target.path, target.signedIn);
  } catch (error) {
    // Once more: a run can miss its trace on a loaded machine; the reason stays in the output.
    note(`${(error as Error).message}; run again`);
    return runLighthouse(origin, target.path, target.signedIn);
  }
}

export const section: BenchSection<TestStack> = {
  name: 'lighthouse',
  setup: () => startStack({ portal: true, env: { TLS: 'self-signed' } }),
  teardown: (tls) => tls.stop({ remove: true }),
  async run({ stack, report, note }, tls) {
    note('Lighthouse 12.8.2: Lighthouse 13 needs Node 22.19, outside our engines (package.json)');
    note("over TLS (HTTP/2, the server's own TLS port with TLS=self-signed); the plain rows: HTTP/1.1");
    for (const target of quick ? TARGETS.filter((t) => QUICK_PAGES.has(t.name)) : TARGETS) {
      if (!quick) {
        const plain = await measure(stack.url, target, note);
        report({
          metric: `${target.name} over plain HTTP/1.1, performance`,
          ours: plain.performance,
          unit: '',
        });
        report({
          metric: `${target.name} over plain HTTP/1.1, largest paint`,
          ours: plain.lcpMs,
          unit: 'ms',
        });
      }
      const figures = await measure(`https://127.0.0.1:${tls.port}`, target, note);
      for (const category of ['performance', 'accessibility'] as const)
        report({
          metric: `${target.name} Lighthouse ${category} (mobile)`,
          ours: figures[category],
          unit: '',
          target: { at: 'least', value: target[category], of: 'figure' },
        });
      report({ metric: `${target.name} first contentful paint`, ours: figures.fcpMs, unit: 'ms' });
      report({ metric: `${target.name} largest contentful paint`, ours: figures.lcpMs, unit: 'ms' });
      report({ metric: `${target.name} total blocking time`, ours: figures.tbtMs, unit: 'ms' });
      note(`${target.name} audits below 0.9: ${figures.failing.join(', ') || 'none'}`);
      // Where the main thread's work went (issue 28: a trace, not guesses), in Lighthouse's
      // throttled milliseconds: by kind of work, then the scripts that cost most.
      note(
        `${target.name} main thread: ${figures.mainThread.map((c) => `${c.category} ${c.ms} ms`).join(', ')}`,
      );
      note(
        `${target.name} largest paint: ${figures.lcp.element}; ${figures.lcp.phases.map((p) => `${p.phase} ${p.ms} ms`).join(', ')}`,
      );
      note(
        `${target.name} scripts: ${figures.scripts
          .map((s) => `${s.url} ${s.totalMs} ms (run ${s.scriptingMs}, parse ${s.parseMs})`)
          .join(', ')}`,
      );
    }
  },
};
