/** Availability and the calendar feed (spec §7 "Profile and schedule") as one server module. */
import type { ServerModule } from '../app';
import { registerScheduleRoutes } from './schedule-routes';

export const scheduleModule: ServerModule = {
  name: 'schedule',
  api: (api, ctx) => registerScheduleRoutes(api, ctx),
};
