/** The feature modules of the server, in start order. Each issue adds its module here. */
import type { ServerModule } from './app';
import { endChatSessionsModule } from './chat-identity/end-chat-sessions';
import { housekeepingModule } from './housekeeping';
import { chatServiceModule } from './qb/module';

export const SERVER_MODULES: readonly ServerModule[] = [
  endChatSessionsModule,
  housekeepingModule,
  chatServiceModule,
];
