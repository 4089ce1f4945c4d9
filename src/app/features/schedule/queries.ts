/** Server data of the schedule feature (TanStack Query; docs/architecture.md §3): availability and the calendar. */
import { queryOptions } from '@tanstack/react-query';
import { scheduleCalls } from '../../api/domain-calls';
import { QUERY_ROOTS } from '../../api/query-keys';

export const SCHEDULE_KEY = QUERY_ROOTS.schedule;
export const CALENDAR_KEY = QUERY_ROOTS.calendar;

/** Spec §7 schedule/new/get: the weekly availability and its overrides. */
export const scheduleQuery = () =>
  queryOptions({ queryKey: SCHEDULE_KEY, queryFn: () => scheduleCalls.get() });

/** Spec §2 /calendar: availability and appointments between two instants. */
export const calendarQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [...CALENDAR_KEY, from, to],
    queryFn: () => scheduleCalls.calendar({ from, to }),
  });
