/**
 * DESIGN.md §4: own-API latency under load (p50/p99), next to a bare Fastify route on the same
 * machine. Ours is a token-checked `getDoctorInfo` (one session read, one provider read);
 * the reference answers a constant envelope with no work, in its own process like ours.
 */
import { spawn } from 'node:child_process';
import { provider } from '../../../fixtures';
import { freePort, ROOT } from '../../../tests/support/stack';
import { runLoad } from '../lib/load';
import { ms, ratio, summarise } from '../lib/stats';
import type { BenchContext } from '../lib/section';

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

export const apiLatencySection = {
  name: 'API latency under load',
  async run(ctx: BenchContext) {
    const amelia = provider('amelia');
    const signIn = await fetch(`${ctx.url}/api/user/user/sign/in/doctor`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: amelia.email, password: amelia.password }),
    });
    const token = ((await signIn.json()) as { data: { token: string } }).data.token;
    const headers = { authToken: token, apiVersion: '7', os: 'web', timezone: 'Europe/London' };
    const bare = await startBareFastify();
    try {
      await runLoad(bare.url, { concurrency: CONCURRENCY, seconds: 1 });
      await runLoad(`${ctx.url}/api/consultation/invite/doctor/getInfo`, {
        concurrency: CONCURRENCY,
        seconds: 1,
        headers,
      });
      const reference = await runLoad(bare.url, { concurrency: CONCURRENCY, seconds: SECONDS });
      const ours = await runLoad(`${ctx.url}/api/consultation/invite/doctor/getInfo`, {
        concurrency: CONCURRENCY,
        seconds: SECONDS,
        headers,
      });
      const r = summarise(reference.latenciesMs);
      const o = summarise(ours.latenciesMs);
      const rows: Array<[string, string, string, string]> = [
        ['p50', ms(o.p50), ms(r.p50), ratio(o.p50, r.p50)],
        ['p99', ms(o.p99), ms(r.p99), ratio(o.p99, r.p99)],
        [
          'requests/s',
          (o.count / ours.seconds).toFixed(0),
          (r.count / reference.seconds).toFixed(0),
          ratio(r.count / reference.seconds, o.count / ours.seconds),
        ],
        ['errors', String(ours.errors), String(reference.errors), ''],
      ];
      console.log(
        `  ${CONCURRENCY} connections, ${SECONDS} s each; ours = GET /api/consultation/invite/doctor/getInfo (${ctx.database}), reference = bare Fastify route`,
      );
      console.log(
        `  ${'figure'.padEnd(12)} ${'ours'.padStart(12)} ${'reference'.padStart(12)} ${'ratio'.padStart(8)}`,
      );
      for (const [name, a, b, c] of rows)
        console.log(`  ${name.padEnd(12)} ${a.padStart(12)} ${b.padStart(12)} ${c.padStart(8)}`);
    } finally {
      bare.stop();
    }
  },
};
