/** Availability and calendar calls (issue 5; src/shared/api/schedule.ts), one function per endpoint. */
import type { BodyOf, QueryOf } from '../shared/api/endpoint';
import * as schedule from '../shared/api/schedule';
import type { ApiClient, CallExtra as Extra, CallQuery as Query } from './client';

export const scheduleApi = (api: ApiClient) => ({
  get: (extra?: Extra) => api.call(schedule.getSchedule, { ...extra }),
  update: (body: BodyOf<typeof schedule.updateSchedule>, extra?: Extra) =>
    api.call(schedule.updateSchedule, { body: body as Record<string, unknown>, ...extra }),
  remove: (ids: number[], extra?: Extra) => api.call(schedule.deleteSchedule, { body: { ids }, ...extra }),
  calendar: (query: QueryOf<typeof schedule.getCalendar>, extra?: Extra) =>
    api.call(schedule.getCalendar, { query: query as Query, ...extra }),
});
