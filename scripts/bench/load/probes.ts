/**
 * Which process of the load run stalls (docs/architecture.md §5 "Measured capacity"): small
 * requests every 20 ms that only that process answers, timed. Prosody answers an XEP-0199 ping to
 * its host itself (over a c2s stream of its own); a server answers the default avatar
 * (`GET /api/message/qb/avatar/default.svg`: no database, no chat) itself. A message's latency
 * that climbs with one of these points at that process; one that climbs alone points elsewhere.
 */
import { quantile } from '../bench';
import type { C2sMember } from './member-c2s';

const EVERY_MS = 20;

export interface Probe {
  /** p99 and worst of the answers since the last take, in ms. */
  take(): { p99: number; max: number };
  stop(): void;
}

function timer(send: (done: () => void) => void): Probe {
  let times: number[] = [];
  let busy = false;
  const tick = setInterval(() => {
    if (busy) return;
    busy = true;
    const started = performance.now();
    send(() => {
      times.push(performance.now() - started);
      busy = false;
    });
  }, EVERY_MS);
  return {
    take() {
      const taken = times;
      times = [];
      return { p99: quantile(taken, 0.99), max: Math.max(0, ...taken) };
    },
    stop: () => clearInterval(tick),
  };
}

/** Pings Prosody's host over `member`'s stream; the member takes no other traffic. */
export function prosodyProbe(member: C2sMember, domain: string): Probe {
  let waiting: { id: string; done: () => void } | null = null;
  let n = 0;
  member.onStanza((name, text) => {
    if (name === 'iq' && waiting && (text.includes(`'${waiting.id}'`) || text.includes(`"${waiting.id}"`))) {
      const { done } = waiting;
      waiting = null;
      done();
    }
  });
  return timer((done) => {
    waiting = { id: `probe${++n}`, done };
    member.write(`<iq type='get' id='${waiting.id}' to='${domain}'><ping xmlns='urn:xmpp:ping'/></iq>`);
  });
}

/** Fetches a server's default avatar; a failed fetch counts with its time. */
export function serverProbe(url: string): Probe {
  return timer((done) => {
    fetch(`${url}/api/message/qb/avatar/default.svg`)
      .then((answer) => answer.arrayBuffer())
      .catch(() => undefined)
      .finally(done);
  });
}
