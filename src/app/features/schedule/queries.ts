/** Server data of the schedule feature (TanStack Query; docs/architecture.md §3): availability and the calendar. */
import { queryOptions } from '@tanstack/react-query';
import { scheduleCalls } from '../../api/domain-calls';
import type { PortalApi } from '../../api/api-client';
import { QUERY_ROOTS } from '../../api/query-keys';

export const SCHEDULE_KEY = QUERY_ROOTS.schedule;
export const CALENDAR_KEY = QUERY_ROOTS.calendar;

/** Spec §7 schedule/new/get: the weekly availability and its overrides. */
export const scheduleQuery = (api: PortalApi) =>
  queryOptions({ queryKey: SCHEDULE_KEY, queryFn: () => scheduleCalls(api).get() });

/** Spec §2 /calendar: availability and appointments between two instants. */
export const calendarQuery = (api: PortalApi, from: string, to: string) =>
  queryOptions({
    queryKey: [...CALENDAR_KEY, from, to],
    queryFn: () => scheduleCalls(api).calendar({ from, to }),
  });
