/** Every admin command; each issue adds its own file and one line here. */
import type { AdminCommand } from './command';
import { accessLogCommand } from './access-log';
import { assignReportCommand } from './assign-report';
import { auditCommand } from './audit';
import { bookCommand, unbookCommand } from './book';
import { listCommand } from './list';
import { reportsCommand } from './reports';
import { requestReportCommand } from './request-report';
import { secondFactorCommand } from './second-factor';
import { seedsCommand } from './seeds';

export const COMMANDS: readonly AdminCommand[] = [
  listCommand,
  auditCommand,
  bookCommand,
  unbookCommand,
  assignReportCommand,
  requestReportCommand,
  reportsCommand,
  accessLogCommand,
  secondFactorCommand,
  seedsCommand,
];
