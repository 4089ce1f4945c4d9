import type { AdminCommand } from './command';

interface ProviderRow {
  id: number;
  email: string;
  name: string;
  auditStatus: string | null;
  submittedAt: string | null;
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
        `${String(r.id).padStart(4)}  ${(r.auditStatus ?? 'NOT_SUBMITTED').padEnd(17)} ${r.email.padEnd(34)} ${r.name}${r.submittedAt ? `  (submitted ${r.submittedAt.slice(0, 10)})` : ''}`,
      );
    }
    return 0;
  },
};
