/**
 * `npm run admin -- request-report <member> [--type …] [--title …] [--question …]`: a member asks
 * for an expert report from her app; it lands in the open pool, where any provider with report
 * access can claim it.
 */
import { EXPERT_REPORT_TYPES } from '../../../src/shared/expert-reports';
import { parseArgs, type AdminCommand } from './command';
import { memberRef } from './persona-refs';

interface Requested {
  reportId: number;
  member: string;
  type: string;
  title: string;
  status: string;
}

export const requestReportCommand: AdminCommand = {
  name: 'request-report',
  usage: 'request-report <member> [--type …] [--title …] [--question …]',
  summary: "A member's request for an expert report, put in the open pool",
  async run(server, args) {
    const { positional, options } = parseArgs(args);
    const [member] = positional;
    if (!member) {
      console.error(`Usage: npm run admin -- ${this.usage}`);
      return 2;
    }
    const type = options.type?.toUpperCase();
    if (type !== undefined && !(EXPERT_REPORT_TYPES as readonly string[]).includes(type)) {
      console.error(`--type is one of ${EXPERT_REPORT_TYPES.join(', ')}`);
      return 2;
    }
    const report = await server.call<Requested>('POST', '/reports/requests', {
      member: memberRef(member),
      ...(type ? { type } : {}),
      ...(options.title ? { title: options.title } : {}),
      ...(options.question ? { question: options.question } : {}),
    });
    console.log(
      `Report ${report.reportId} "${report.title}" (${report.type}) on ${report.member}: ${report.status}`,
    );
    return 0;
  },
};
