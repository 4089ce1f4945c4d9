/**
 * `npm run admin -- assign-report <member> <provider> [--title …] [--type …]`: assigns an expert
 * report on a member to an approved provider, who is notified (pushed unless reports are muted).
 */
import { EXPERT_REPORT_TYPES } from '../../../src/shared/expert-reports';
import { parseArgs, type AdminCommand } from './command';
import { memberRef, providerRef } from './persona-refs';

interface Assigned {
  reportId: number;
  provider: string;
  member: string;
  type: string;
  title: string;
  status: string;
}

export const assignReportCommand: AdminCommand = {
  name: 'assign-report',
  usage: 'assign-report <member> <provider> [--title …] [--type …]',
  summary: `Assign an expert report to a provider (type: ${EXPERT_REPORT_TYPES.join(', ')})`,
  async run(server, args) {
    const { positional, options } = parseArgs(args);
    const [member, provider] = positional;
    if (!member || !provider) {
      console.error(`Usage: npm run admin -- ${this.usage}`);
      return 2;
    }
    const type = options.type?.toUpperCase();
    if (type !== undefined && !(EXPERT_REPORT_TYPES as readonly string[]).includes(type)) {
      console.error(`--type is one of ${EXPERT_REPORT_TYPES.join(', ')}`);
      return 2;
    }
    const report = await server.call<Assigned>('POST', '/reports', {
      member: memberRef(member),
      provider: providerRef(provider),
      ...(type ? { type } : {}),
      ...(options.title ? { title: options.title } : {}),
    });
    console.log(
      `Assigned report ${report.reportId} "${report.title}" (${report.type}) on ${report.member} to ${report.provider}: ${report.status}`,
    );
    console.log('The provider was notified.');
    return 0;
  },
};
