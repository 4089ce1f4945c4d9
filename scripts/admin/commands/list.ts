import type { AdminCommand } from './command';

interface ProviderRow {
  id: number;
  email: string;
  name: string;
  auditStatus: string | null;
  submittedAt: string | null;
  /** When the reviewer decided (issue 5); absent from older servers. */
  decidedAt?: string | null;
  reasons?: string[];
}

export const listCommand: AdminCommand = {
  name: 'list',
  usage: 'list',
  summary: 'Providers with their review status',
  async run(server) {
    const rows = await server.call<ProviderRow[]>('GET', '/providers');
    if (rows.length === 0) console.log('No providers.');
    for (const r of rows) {
      console.log(
        `${String(r.id).padStart(4)}  ${(r.auditStatus ?? 'NOT_SUBMITTED').padEnd(17)} ${r.email.padEnd(34)} ${r.name}${r.submittedAt ? `  (submitted ${r.submittedAt.slice(0, 10)})` : ''}${r.decidedAt ? ` (decided ${r.decidedAt.slice(0, 10)})` : ''}`,
      );
      for (const reason of r.reasons ?? []) console.log(`        reason: ${reason}`);
    }
    return 0;
  },
};
