/**
 * A closed-loop HTTP load generator: `concurrency` keep-alive connections each send the next
 * request as soon as the previous answers, for `seconds`; returns per-request latencies.
 */
import http from 'node:http';

export interface LoadResult {
  latenciesMs: number[];
  errors: number;
  seconds: number;
}

export async function runLoad(
  url: string,
  options: { concurrency: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const target = new URL(url);
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + options.seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const request = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: `${target.pathname}${target.search}`,
          method: 'GET',
          agent,
          headers: options.headers,
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode === 200) latencies.push(performance.now() - started);
            else errors += 1;
            resolve();
          });
        },
      );
      request.on('error', () => {
        errors += 1;
        resolve();
      });
      request.end();
    });
  const worker = async () => {
    while (performance.now() < deadline) await one();
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  agent.destroy();
  return { latenciesMs: latencies, errors, seconds: (performance.now() - started) / 1000 };
}
