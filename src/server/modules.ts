/**
 * The domain modules of the server, one per domain folder (its `module.ts`), listed here once and
 * nowhere else (docs/architecture.md §2 "Inside the server"). Their `api` and `root` routes are
 * registered in this order, and `start` runs in it once the server listens and Prosody runs.
 */
import type { ServerModule } from './app';
import { accessLogModule } from './access-log/module';
import { accountModule } from './account/module';
import { authModule } from './auth/module';
import { callsModule } from './calls/module';
import { chatHistoryModule } from './chat-history/module';
import { chatIdentityModule } from './chat-identity/module';
import { consultationModule } from './consultation/module';
import { contentModule } from './content/module';
import { cycleDataModule } from './cycle-data/module';
import { dashboardModule } from './dashboard/module';
import { filesModule } from './files/module';
import { rateLimitsModule } from './http/module';
import { notificationsModule } from './notifications/module';
import { profileModule } from './profile/module';
import { protocolModule } from './protocol/module';
import { prosodyModule } from './prosody/module';
import { chatServiceModule } from './qb/module';
import { expertReportsModule } from './reports/module';
import { scheduleModule } from './schedule/module';
import { secondFactorModule } from './second-factor/module';
import { appSocketModule } from './socket/module';

export const SERVER_MODULES: readonly ServerModule[] = [
  prosodyModule,
  authModule,
  rateLimitsModule,
  accountModule,
  protocolModule,
  chatIdentityModule,
  callsModule,
  filesModule,
  profileModule,
  scheduleModule,
  consultationModule,
  contentModule,
  dashboardModule,
  secondFactorModule,
  notificationsModule,
  expertReportsModule,
  accessLogModule,
  cycleDataModule,
  appSocketModule,
  chatHistoryModule,
  chatServiceModule,
];
