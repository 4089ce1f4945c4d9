/**
 * The chat stack (src/xmpp) against @xmpp/client on the same Prosody (DESIGN.md §4): login to
 * online, message round trip, a 10,000-message burst, resumption after a cut socket, and the
 * brotli size of the built bundle next to strophe.js.
 */
import type { BenchSection } from '../bench';
import { burstOurs, burstPeer, type BurstResult } from '../xmpp/burst';
import { bundleSizes } from '../xmpp/bundle';
import { loginTimes, p, roundTrips } from '../xmpp/login-and-rtt';
import { resumeOurs, resumePeer } from '../xmpp/resumption';
import { quantile } from '../bench';

const LOGINS = 20;
const ROUND_TRIPS = 200;
const BURST = 10_000;
const RESUMPTIONS = 5;
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
    });
    report({
      metric: 'message round trip p99',
      ours: ro.p99,
      reference: rp.p99,
      referenceName: '@xmpp/client',
      unit: 'ms',
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
    });
    report({
      metric: 'resumption: messages lost (total)',
      ours: resumes.reduce((s, r) => s + r.lost, 0),
      reference: 0,
      referenceName: 'target',
      unit: 'msgs',
    });
    report({
      metric: 'resumption: duplicated (total)',
      ours: resumes.reduce((s, r) => s + r.duplicated, 0),
      reference: 0,
      referenceName: 'target',
      unit: 'msgs',
    });
    note(
      `${RESUMPTIONS} cuts, 200 messages each way across each; @xmpp/client resumed ${peerResumes.length}/${RESUMPTIONS}`,
    );

    const bursts: Array<[string, BurstResult]> = [
      ['ours', await burstOurs(stack, BURST)],
      ['@xmpp/client', await burstPeer(stack, BURST)],
    ];
    const [bo, bp] = [bursts[0]![1], bursts[1]![1]];
    report({
      metric: `burst of ${BURST}: lost`,
      ours: bo.sent - bo.received,
      reference: bp.sent - bp.received,
      referenceName: '@xmpp/client',
      unit: 'msgs',
    });
    report({
      metric: `burst of ${BURST}: duplicated`,
      ours: bo.duplicates,
      reference: bp.duplicates,
      referenceName: '@xmpp/client',
      unit: 'msgs',
    });
    report({
      metric: `burst of ${BURST}: throughput`,
      ours: Math.round(bo.received / bo.seconds),
      reference: Math.round(bp.received / bp.seconds),
      referenceName: '@xmpp/client',
      unit: 'msg/s',
    });

    report({
      metric: `burst of ${BURST}: handing to the library`,
      ours: Math.round(BURST / bo.sendSeconds),
      reference: Math.round(BURST / bp.sendSeconds),
      referenceName: '@xmpp/client',
      unit: 'msg/s',
    });
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
      reference: 40,
      referenceName: 'target chat+call+socket',
      unit: 'KB',
    });
    report({
      metric: 'strophe.js as bundled here (br)',
      ours: kb(sizes.stropheAsUsed.br),
      reference: 17,
      referenceName: 'DESIGN.md §4',
      unit: 'KB',
    });
    note(
      `minified sizes: src/xmpp ${kb(sizes.oursAlone.raw)} KB, with strophe ${kb(sizes.withStrophe.raw)} KB, strophe ${kb(sizes.stropheAsUsed.raw)} KB`,
    );
    note(
      'Resumption is timed from the cut to the resumed stream on a quiet connection for both libraries; under traffic the server is also storing the messages queued for us.',
    );
    note(
      'Prosody limits each client connection to 512 kb/s (src/server/prosody/config.ts); our messages carry from, id and the body namespace as the wire format asks, hence the larger size.',
    );
  },
};
