/**
 * The process of a paced load (paced-load.ts): its options as JSON in argv[2], its outcome as JSON
 * on stdout. A process of its own, so the bench's own heap and work do not delay its sends.
 */
import http from 'node:http';

const { url, rate, seconds, connections, headers } = JSON.parse(process.argv[2]);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const total = Math.round(rate * seconds);
const interval = 1000 / rate;
const TIMEOUT_MS = 10_000;
const latenciesMs = [];
let ok = 0;
let failures = 0;
let worstSendLagMs = 0;
let next = 0;
let settled = 0;
const started = performance.now();

function settle() {
  if (++settled < total) return;
  agent.destroy();
  const perSecond = ok / ((performance.now() - started) / 1000);
  process.stdout.write(JSON.stringify({ ok, failures, latenciesMs, worstSendLagMs, perSecond }));
}

function fire(due) {
  worstSendLagMs = Math.max(worstSendLagMs, performance.now() - due);
  const request = http.get(url, { agent, headers }, (response) => {
    response.resume();
    response.on('end', () => {
      latenciesMs.push(performance.now() - due);
      if (response.statusCode >= 200 && response.statusCode < 300) ok++;
      else failures++;
      settle();
    });
  });
  // An answer that never comes counts as a failure rather than holding the bench forever.
  request.setTimeout(TIMEOUT_MS, () => request.destroy(new Error('no answer')));
  request.on('error', () => {
    failures++;
    settle();
  });
}

function tick() {
  const now = performance.now();
  while (next < total && started + next * interval <= now) fire(started + next++ * interval);
  if (next < total) setTimeout(tick, Math.max(0, started + next * interval - performance.now()));
}

tick();
