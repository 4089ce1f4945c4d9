/** Availability in TanStack Query (spec §7 schedule/new/get|update, schedule/delete). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schedule, UpdateScheduleBody } from '../../../shared/api/schedule';
import { formatLocalDate } from '../../../shared/time/format';
import { scheduleCalls } from '../../api/domain-calls';
import { QUERY_ROOTS } from '../../api/query-keys';
import { usePortalApi } from '../../root';
import { CALENDAR_KEY, SCHEDULE_KEY, scheduleQuery } from './queries';

export function useSchedule() {
  return useQuery(scheduleQuery(usePortalApi()));
}

export function useScheduleMutations() {
  const client = useQueryClient();
  const calls = scheduleCalls(usePortalApi());
  const done = (schedule: Schedule) => {
    client.setQueryData(SCHEDULE_KEY, schedule);
    void client.invalidateQueries({ queryKey: CALENDAR_KEY });
    // Her schedule's zone is her profile's (docs/architecture.md §3 "Her time zone"): the session
    // takes it from her info, which the main layout asks for again; the dashboard counts her today in it.
    void client.invalidateQueries({ queryKey: QUERY_ROOTS.doctorInfo });
    void client.invalidateQueries({ queryKey: QUERY_ROOTS.dashboard });
  };
  return {
    update: useMutation({
      mutationFn: (body: UpdateScheduleBody) => calls.update(body, { quiet: true }),
      onSuccess: done,
    }),
    remove: useMutation({ mutationFn: (ids: number[]) => calls.remove(ids), onSuccess: done }),
  };
}

/** Localised weekday names, Monday first (ISO 1–7). */
export function weekdayNames(language: string, style: 'long' | 'short' = 'long'): string[] {
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) =>
    formatLocalDate(`2024-01-0${1 + i}`, language, { weekday: style }),
  );
}
