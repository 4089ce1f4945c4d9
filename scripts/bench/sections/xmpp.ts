/**
 * The chat stack (src/xmpp) against @xmpp/client on the same Prosody (docs/architecture.md §4): login to
 * online, message round trip, a 10,000-message burst, resumption after a cut socket, and the
 * brotli size of the built bundle next to strophe.js.
 */
import type { BenchSection } from '../bench';
import { burstOurs, burstPeer, type BurstResult } from '../xmpp/burst';
import { bundleSizes } from '../xmpp/bundle';
import { loginTimes, p, roundTrips } from '../xmpp/login-and-rtt';
import { resumeOurs, resumePeer } from '../xmpp/resumption';
import { quantile } from '../bench';

/** `--quick`: fewer samples and a smaller burst (docs/architecture.md §4 "Quick mode"). */
const quick = process.argv.includes('--quick');
const LOGINS = quick ? 5 : 20;
const ROUND_TRIPS = quick ? 50 : 200;
const BURST = quick ? 1_000 : 10_000;
const RESUMPTIONS = quick ? 2 : 5;
const BURST_ROUNDS = quick ? 1 : 2;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export const section: BenchSection = {
  name: 'xmpp',
  async run({ stack, report, note }) {
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

    // Alternate the libraries so neither always meets the server right after the other.
    const ourBursts: BurstResult[] = [];
    const peerBursts: BurstResult[] = [];
    for (let round = 0; round < BURST_ROUNDS; round++) {
      ourBursts.push(await burstOurs(stack, BURST));
      peerBursts.push(await burstPeer(stack, BURST));
    }
    const sum = (list: BurstResult[], f: (b: BurstResult) => number) => list.reduce((s, b) => s + f(b), 0);
    const rate = (list: BurstResult[], f: (b: BurstResult) => number) =>
      quantile(
        list.map((b) => f(b)),
        0.5,
      );
    report({
      metric: `burst of ${BURST}: lost (${BURST_ROUNDS} rounds)`,
      ours: sum(ourBursts, (b) => b.sent - b.received),
      reference: sum(peerBursts, (b) => b.sent - b.received),
      referenceName: '@xmpp/client',
      unit: 'msgs',
    });
    report({
      metric: `burst of ${BURST}: duplicated (${BURST_ROUNDS} rounds)`,
      ours: sum(ourBursts, (b) => b.duplicates),
      reference: sum(peerBursts, (b) => b.duplicates),
      referenceName: '@xmpp/client',
      unit: 'msgs',
    });
    report({
      metric: `burst of ${BURST}: throughput (median)`,
      ours: Math.round(rate(ourBursts, (b) => b.received / b.seconds)),
      reference: Math.round(rate(peerBursts, (b) => b.received / b.seconds)),
      referenceName: '@xmpp/client',
      unit: 'msg/s',
    });
    report({
      metric: `burst of ${BURST}: handing to the library (median)`,
      ours: Math.round(rate(ourBursts, (b) => BURST / b.sendSeconds)),
      reference: Math.round(rate(peerBursts, (b) => BURST / b.sendSeconds)),
      referenceName: '@xmpp/client',
      unit: 'msg/s',
    });
    const perRound = (list: BurstResult[]) =>
      list.map((b) => `${Math.round(b.received / b.seconds)} msg/s (${b.seconds.toFixed(1)} s)`).join(', ');
    note(`bursts per round — ours: ${perRound(ourBursts)}; @xmpp/client: ${perRound(peerBursts)}`);
    const [bo, bp] = [ourBursts[0]!, peerBursts[0]!];
    report({
      metric: 'bytes per burst message',
      ours: bo.bytesPerMessage,
      reference: bp.bytesPerMessage,
      referenceName: '@xmpp/client',
      unit: 'B',
    });

    const sizes = await bundleSizes();
    report({
      metric: 'src/xmpp bundle, strophe external (br)',
      ours: kb(sizes.oursAlone.br),
      reference: kb(sizes.stropheShipped.br),
      referenceName: 'strophe.umd.min.js',
      unit: 'KB',
    });
    report({
      metric: 'src/xmpp bundle with strophe (br)',
      ours: kb(sizes.withStrophe.br),
      unit: 'KB',
      target: { at: 'most', value: 40, of: 'figure' },
    });
    report({
      metric: 'strophe.js as bundled here (br)',
      ours: kb(sizes.stropheAsUsed.br),
      reference: 17,
      referenceName: 'docs/architecture.md §4',
      unit: 'KB',
    });
    note(
      `minified sizes: src/xmpp ${kb(sizes.oursAlone.raw)} KB, with strophe ${kb(sizes.withStrophe.raw)} KB, strophe ${kb(sizes.stropheAsUsed.raw)} KB`,
    );
    note(
      'Resumption is timed from the cut to the resumed stream on a quiet connection for both libraries; under traffic the server is also storing the messages queued for us.',
    );
    note(
      'Prosody limits each client connection to 512 kb/s (src/server/prosody/config.ts), so burst throughput also depends on message size; ours carry the 24-hex id the wire format asks for. Figures from a shared 2-core machine vary between runs.',
    );
  },
};
