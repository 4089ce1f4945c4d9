/**
 * The process of a paced load (paced-load.ts): its options as JSON in argv[2], its outcome as JSON
 * on stdout. A process of its own, so the bench's own heap and work do not delay its sends.
 *
 * A new process runs its HTTP client cold (interpreted, before V8 has optimised it), and on a busy
 * machine that costs the first second of a load enough CPU to delay the server it measures
 * (docs/performance.md "The generator's cold start"). So it first makes the same load for
 * `warmUpSeconds` against a small server of its own, unmeasured, and only then the load asked for.
 */
import http from 'node:http';

const { url, rate, seconds, connections, headers, warmUpSeconds = 0 } = JSON.parse(process.argv[2]);
const TIMEOUT_MS = 10_000;
/** What the warm-up's own server answers: an envelope about the size of the bench's reads. */
const WARM_UP_BODY = JSON.stringify({ code: 0, message: 'ok', data: { text: 'x'.repeat(400) } });

/** Request i is due at i / rate seconds; its latency counts from then (paced-load.ts). */
function load(target, loadSeconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.round(rate * loadSeconds);
  const interval = 1000 / rate;
  const latenciesMs = [];
  let ok = 0;
  let failures = 0;
  let worstSendLagMs = 0;
  let next = 0;
  let settled = 0;
  const started = performance.now();
  return new Promise((resolve) => {
    function settle() {
      if (++settled < total) return;
      agent.destroy();
      const perSecond = ok / ((performance.now() - started) / 1000);
      resolve({ ok, failures, latenciesMs, worstSendLagMs, perSecond });
    }

    function fire(due) {
      worstSendLagMs = Math.max(worstSendLagMs, performance.now() - due);
      const request = http.get(target, { agent, headers }, (response) => {
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

    if (total === 0) resolve({ ok, failures, latenciesMs, worstSendLagMs, perSecond: 0 });
    else tick();
  });
}

async function warmUp() {
  const server = http.createServer((_request, response) => {
    response.setHeader('Content-Type', 'application/json');
    response.end(WARM_UP_BODY);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  await load(`http://127.0.0.1:${server.address().port}/`, warmUpSeconds);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

if (warmUpSeconds > 0) await warmUp();
process.stdout.write(JSON.stringify(await load(url, seconds)));
