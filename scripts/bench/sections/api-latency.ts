/**
 * docs/architecture.md §4: own-API latency under load (p50/p99), next to a bare Fastify route on the same
 * machine. Ours is a token-checked `getDoctorInfo` (session check, one provider read); the
 * reference answers a constant envelope with no work, in its own process like ours.
 */
import { spawn } from 'node:child_process';
import { provider } from '../../../fixtures';
import { freePort, ROOT } from '../../../tests/support/stack';
import { quantile, type BenchSection } from '../bench';
import { runLoad } from '../lib/load';

const CONCURRENCY = 16;
const SECONDS = 5;

async function startBareFastify(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const code = `const f=require('fastify')();f.get('/bare',async()=>({code:'OK',message:'success',data:{ok:true}}));f.listen({port:${port},host:'127.0.0.1'}).then(()=>console.log('ready'));`;
  const child = spawn(process.execPath, ['-e', code], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) =>
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve()),
  );
  return { url: `http://127.0.0.1:${port}/bare`, stop: () => child.kill('SIGTERM') };
}

export const section: BenchSection = {
  name: 'api latency',
  async run({ stack, report, note }) {
    const amelia = provider('amelia');
    const signIn = await fetch(`${stack.url}/api/user/user/sign/in/doctor`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: amelia.email, password: amelia.password }),
    });
    const token = ((await signIn.json()) as { data: { token: string } }).data.token;
    const headers = { authToken: token, apiVersion: '7', os: 'web', timezone: 'Europe/London' };
    const ours = `${stack.url}/api/consultation/invite/doctor/getInfo`;
    const bare = await startBareFastify();
    try {
      await runLoad(bare.url, { concurrency: CONCURRENCY, seconds: 1 });
      await runLoad(ours, { concurrency: CONCURRENCY, seconds: 1, headers });
      const reference = await runLoad(bare.url, { concurrency: CONCURRENCY, seconds: SECONDS });
      const measured = await runLoad(ours, { concurrency: CONCURRENCY, seconds: SECONDS, headers });
      const ref = 'bare Fastify route';
      note(
        `${CONCURRENCY} connections, ${SECONDS} s each; ours = GET /api/consultation/invite/doctor/getInfo on ${stack.databaseUrl ? 'PostgreSQL' : 'PGlite'}`,
      );
      report({
        metric: 'p50',
        ours: quantile(measured.latenciesMs, 0.5),
        reference: quantile(reference.latenciesMs, 0.5),
        referenceName: ref,
        unit: 'ms',
      });
      report({
        metric: 'p99',
        ours: quantile(measured.latenciesMs, 0.99),
        reference: quantile(reference.latenciesMs, 0.99),
        referenceName: ref,
        unit: 'ms',
      });
      report({
        metric: 'throughput',
        ours: Math.round(measured.latenciesMs.length / measured.seconds),
        reference: Math.round(reference.latenciesMs.length / reference.seconds),
        referenceName: ref,
        unit: 'req/s',
      });
      report({
        metric: 'errors',
        ours: measured.errors,
        reference: reference.errors,
        referenceName: ref,
        unit: '',
      });
    } finally {
      bare.stop();
    }
  },
};
