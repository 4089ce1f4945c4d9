/** `npm run admin -- audit <approve|reject> <email> [--reason …]`: a reviewer's decision (spec §4). */
import { parseArgs, type AdminCommand } from './command';

interface Decision {
  email: string;
  from: string | null;
  auditStatus: string;
  auditedTime: string | null;
  reasons: string[];
}

/** Every `--reason` value, in order (the shared parser keeps only the last). */
export function reasonsOf(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--reason') out.push(args[++i] ?? '');
    else if (arg.startsWith('--reason=')) out.push(arg.slice('--reason='.length));
  }
  return out.map((r) => r.trim()).filter(Boolean);
}

export const auditCommand: AdminCommand = {
  name: 'audit',
  usage: 'audit <approve|reject> <email> [--reason …]',
  summary: 'Approve or reject a submitted profile (reject needs --reason, repeatable)',
  async run(server, args) {
    const { positional } = parseArgs(args);
    const [decision, email] = positional;
    if ((decision !== 'approve' && decision !== 'reject') || !email) {
      console.error(`Usage: npm run admin -- ${this.usage}`);
      return 2;
    }
    const reasons = reasonsOf(args);
    if (decision === 'reject' && reasons.length === 0) {
      console.error('A rejection needs at least one --reason "…" that the provider will read.');
      return 2;
    }
    const result = await server.call<Decision>('POST', '/audit', { email, decision, reasons });
    console.log(
      `${result.email}: ${result.from ?? 'NOT_SUBMITTED'} → ${result.auditStatus} at ${result.auditedTime}`,
    );
    for (const r of result.reasons) console.log(`  reason: ${r}`);
    console.log('The provider was notified and will see the decision popup once.');
    return 0;
  },
};
