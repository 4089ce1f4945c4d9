/**
 * The chat stack (src/xmpp) against @xmpp/client on the same Prosody (docs/architecture.md §4): login to
 * online, message round trip, a 10,000-message burst, resumption after a cut socket
 * (the bundle's size is xmpp-bundle.ts).
 */
import type { BenchContext, BenchSection, BenchTarget } from '../bench';
import type { TestStack } from '../../../tests/support/stack';
import { prosodyPid } from '../../../tests/support/history';
import { burstOurs, burstPeer, type BurstResult, type BurstTarget } from '../xmpp/burst';
import { loginTimes, p, roundTrips } from '../xmpp/login-and-rtt';
import { resumeOurs, resumePeer } from '../xmpp/resumption';
import { startUnlimitedProsody, type BenchProsody } from '../xmpp/unlimited-prosody';
import { quantile } from '../bench';

/** `--quick`: fewer samples and a smaller burst (docs/performance.md "Quick mode"). */
const quick = process.argv.includes('--quick');
const LOGINS = quick ? 5 : 20;
/**
 * Each library's round trips a run: the p99 of 200 was their second slowest, which one hiccup of the
 * machine decided; of 5,000 it is the 50th (docs/performance.md "Chat").
 */
const ROUND_TRIPS = quick ? 200 : 5_000;
const BURST = quick ? 1_000 : 10_000;
const RESUMPTIONS = quick ? 2 : 5;

export const section: BenchSection<BenchProsody> = {
  name: 'xmpp',
  /** A bench-only Prosody without the rate limit, for every run's "no rate limit" bursts. */
  setup: ({ stack }) => startUnlimitedProsody(stack),
  teardown: (bench) => bench.stop(),
  async run({ stack, report, note, run }, bench) {
    const logins = await loginTimes(stack, LOGINS);
    const [lo, lp] = [p(logins.ours), p(logins.peer)];
    report({
      metric: 'login to online p50',
      ours: lo.p50,
      reference: lp.p50,
      referenceName: '@xmpp/client',
      unit: 'ms',
    });
    report({
      metric: 'login to online p99',
      ours: lo.p99,
      reference: lp.p99,
      referenceName: '@xmpp/client',
      unit: 'ms',
    });

    const rtt = await roundTrips(stack, ROUND_TRIPS);
    const [ro, rp] = [p(rtt.ours), p(rtt.peer)];
    report({
      metric: 'message round trip p50',
      ours: ro.p50,
      reference: rp.p50,
      referenceName: '@xmpp/client',
      unit: 'ms',
      target: { at: 'most', value: 1.1, of: 'ratio' },
    });
    report({
      metric: 'message round trip p99',
      ours: ro.p99,
      reference: rp.p99,
      referenceName: '@xmpp/client',
      unit: 'ms',
      target: { at: 'most', value: 1.5, of: 'ratio' },
    });

    const quiet: number[] = [];
    for (let i = 0; i < RESUMPTIONS; i++) quiet.push((await resumeOurs(stack, false)).ms);
    const resumes = [];
    for (let i = 0; i < RESUMPTIONS; i++) resumes.push(await resumeOurs(stack, true));
    const peerResumes: number[] = [];
    for (let i = 0; i < RESUMPTIONS; i++) {
      const ms = await resumePeer(stack);
      if (ms !== null) peerResumes.push(ms);
    }
    report({
      metric: 'resumption after a cut p50',
      ours: quantile(quiet, 0.5),
      reference: peerResumes.length ? quantile(peerResumes, 0.5) : 'n/a',
      referenceName: '@xmpp/client',
      unit: 'ms',
    });
    report({
      metric: 'resumption under traffic p50',
      ours: quantile(
        resumes.map((r) => r.ms),
        0.5,
      ),
      unit: 'ms',
      target: { at: 'most', value: 100, of: 'figure' },
    });
    report({
      metric: 'resumption: messages lost (total)',
      ours: resumes.reduce((s, r) => s + r.lost, 0),
      unit: 'msgs',
      target: { at: 'most', value: 0, of: 'figure' },
    });
    report({
      metric: 'resumption: duplicated (total)',
      ours: resumes.reduce((s, r) => s + r.duplicated, 0),
      unit: 'msgs',
      target: { at: 'most', value: 0, of: 'figure' },
    });
    note(
      `${RESUMPTIONS} cuts, 200 messages each way across each; @xmpp/client resumed ${peerResumes.length}/${RESUMPTIONS}`,
    );

    // With the product's configuration (c2s rate limit on), through our server's port.
    const product: BurstTarget = { prosodyPid: (await prosodyPid(stack.dataDir))!, dataDir: stack.dataDir };
    const limited = await bursts(stack, product, run);
    reportBursts(report, note, limited, 'rate limit on', { at: 'least', value: 1000, of: 'figure' });
    // The bench-only Prosody without the rate limit, straight to its WebSocket (unlimited-prosody.ts).
    const unlimited = await bursts(
      stack,
      { service: bench.wsUrl, prosodyPid: bench.pid, dataDir: bench.dataDir },
      run,
    );
    reportBursts(report, note, unlimited, 'no rate limit', { at: 'least', value: 0.9, of: 'ratio' });
    const [bo, bp] = [limited.ours, limited.peer];
    report({
      metric: 'bytes per burst message',
      ours: bo.bytesPerMessage,
      reference: bp.bytesPerMessage,
      referenceName: '@xmpp/client',
      unit: 'B',
    });

    note(
      'Resumption is timed from the cut to the resumed stream on a quiet connection for both libraries; under traffic the server is also storing the messages queued for us.',
    );
    note(
      'Burst messages carry the history extension (save_to_history, dialog_id) and a 24-hex id, for both libraries; Prosody reports each to our server. Prosody limits each client connection to 2 MB/s (C2S_RATE, src/server/prosody/config.ts; docs/prosody.md "The c2s rate limit"); the "no rate limit" rows use a bench-only Prosody without it. Figures from a shared 2-core machine vary between runs.',
    );
  },
};

/** Messages of the unmeasured burst each library sends first on a Prosody (its first logins, dialog, caches). */
const WARM_UP_BURST = 100;

/**
 * One burst of each library after a small unmeasured one each; ours first in odd runs, the
 * reference first in even ones, so neither always meets the server right after the other.
 */
async function bursts(stack: TestStack, target: BurstTarget, run: number) {
  await burstOurs(stack, WARM_UP_BURST, target);
  await burstPeer(stack, WARM_UP_BURST, target);
  if (run % 2 === 1) {
    const ours = await burstOurs(stack, BURST, target);
    return { ours, peer: await burstPeer(stack, BURST, target) };
  }
  const peer = await burstPeer(stack, BURST, target);
  return { ours: await burstOurs(stack, BURST, target), peer };
}

function reportBursts(
  report: BenchContext['report'],
  note: BenchContext['note'],
  { ours, peer }: { ours: BurstResult; peer: BurstResult },
  label: string,
  throughputTarget: BenchTarget,
): void {
  const row = (metric: string, f: (b: BurstResult) => number, unit: string, target?: BenchTarget) =>
    report({
      metric: `burst of ${BURST}, ${label}: ${metric}`,
      ours: Math.round(f(ours)),
      referenceName: '@xmpp/client',
      reference: Math.round(f(peer)),
      unit,
      ...(target ? { target } : {}),
    });
  row('throughput', (b) => b.received / b.seconds, 'msg/s', throughputTarget);
  row('lost', (b) => b.sent - b.received, 'msgs', { at: 'most', value: 0, of: 'figure' });
  row('duplicated', (b) => b.duplicates, 'msgs', { at: 'most', value: 0, of: 'figure' });
  row('Prosody CPU per 1,000 msgs', (b) => b.prosodyCpuMs / (BURST / 1000), 'ms');
  row('history taken by our server', (b) => BURST / b.historySeconds, 'msg/s');
  row('handing to the library', (b) => BURST / b.sendSeconds, 'msg/s');
  const described = (b: BurstResult) =>
    `${Math.round(b.received / b.seconds)} msg/s (${b.seconds.toFixed(1)} s, Prosody at ${Math.round(b.prosodyCpuMs / 10 / b.seconds)} % CPU)`;
  note(`burst, ${label} — ours: ${described(ours)}; @xmpp/client: ${described(peer)}`);
}
