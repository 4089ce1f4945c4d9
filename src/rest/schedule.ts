/** Availability and calendar calls (issue 5; src/shared/api/schedule.ts), one function per endpoint. */
import type { BodyOf } from '../shared/api/endpoint';
import * as schedule from '../shared/api/schedule';
import { queryCall, type ApiClient, type CallExtra as Extra } from './client';

export const scheduleApi = (api: ApiClient) => ({
  get: (extra?: Extra) => api.call(schedule.getSchedule, { ...extra }),
  update: (body: BodyOf<typeof schedule.updateSchedule>, extra?: Extra) =>
    api.call(schedule.updateSchedule, { body: body as Record<string, unknown>, ...extra }),
  remove: (ids: number[], extra?: Extra) => api.call(schedule.deleteSchedule, { body: { ids }, ...extra }),
  calendar: queryCall(api, schedule.getCalendar),
});
