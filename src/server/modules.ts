/** The feature modules of the server, in start order. Each issue adds its module here. */
import type { ServerModule } from './app';
import { endChatSessionsModule } from './prosody/end-chat-sessions';
import { housekeepingModule } from './housekeeping';
import { workspaceModule } from './workspace-module';
import { notificationsModule } from './notifications/module';
import { appSocketModule } from './socket/module';
import { chatServiceModule } from './qb/module';
import { expertReportsModule } from './reports/module';
import { cycleDataModule } from './cycle-data/module';
import { secondFactorModule } from './second-factor/module';

export const SERVER_MODULES: readonly ServerModule[] = [
  endChatSessionsModule,
  housekeepingModule,
  workspaceModule,
  secondFactorModule,
  notificationsModule,
  expertReportsModule,
  cycleDataModule,
  appSocketModule,
  chatServiceModule,
];
