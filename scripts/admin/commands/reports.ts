/**
 * `npm run admin -- reports grant|revoke <email>`: gives or takes report access (spec §2, §8
 * MEMBER_EXPERT_REPORT_NO_ACCESS); only an approved provider can be granted. `reports list`
 * shows who holds it.
 */
import { parseArgs, type AdminCommand } from './command';
import { providerRef } from './persona-refs';

interface AccessChange {
  provider: string;
  reportAccess: boolean;
  changed: boolean;
  at: string;
  releasedReportIds: number[];
}

interface Grant {
  provider: string;
  grantedAt: string;
  active: boolean;
}

export const reportsCommand: AdminCommand = {
  name: 'reports',
  usage: 'reports <grant|revoke> <email> | reports list',
  summary: 'Give an approved provider report access, take it back, or list who has it',
  async run(server, args) {
    const [action, provider] = parseArgs(args).positional;
    if (action === 'list') {
      const grants = await server.call<Grant[]>('GET', '/reports/access');
      if (grants.length === 0) console.log('Nobody has report access.');
      for (const g of grants) {
        console.log(
          `${g.provider.padEnd(34)} since ${g.grantedAt}${g.active ? '' : '  (lapsed: profile under review)'}`,
        );
      }
      return 0;
    }
    if ((action !== 'grant' && action !== 'revoke') || !provider) {
      console.error(`Usage: npm run admin -- ${this.usage}`);
      return 2;
    }
    const result = await server.call<AccessChange>('POST', '/reports/access', {
      provider: providerRef(provider),
      action,
    });
    const state = result.reportAccess ? 'has report access' : 'has no report access';
    console.log(
      result.changed
        ? `${result.provider} ${state} since ${result.at}`
        : `${result.provider} already ${state}; nothing changed`,
    );
    if (result.releasedReportIds.length > 0)
      console.log(`Back in the open pool: report ${result.releasedReportIds.join(', ')}`);
    return 0;
  },
};
