/**
 * The dashboard's weekly activity (spec §2 /Dashboard/Dashboard): consultations per week, the
 * last 8 weeks and the next 4, in the provider's schedule zone. Shared by the dashboard's data
 * and its server-drawn chart (activity-chart.ts), so both show the same figures.
 */
import type { WeekActivity } from '../../shared/api/dashboard';
import type { z } from 'zod';
import type { ServerContext } from '../context';
import { addDays, mondayOf } from '../../shared/time/calendar';
import { instantAt, localDateAt } from '../../shared/time/zoned';

export type Week = z.infer<typeof WeekActivity>;

/** Weeks shown: 8 before the current one's Monday, the current one and 3 after. */
const WEEKS_BEFORE = 8;
const WEEKS_SHOWN = 12;

export async function weeklyActivity(
  ctx: ServerContext,
  providerId: number,
  tz: string,
  today: string,
): Promise<Week[]> {
  const weekStarts = Array.from({ length: WEEKS_SHOWN }, (_, i) =>
    addDays(mondayOf(today), 7 * (i - WEEKS_BEFORE)),
  );
  const recent = await ctx.db
    .selectFrom('appointments')
    .select(['starts_at', 'status'])
    .where('provider_id', '=', providerId)
    .where('starts_at', '>=', new Date(instantAt(weekStarts[0]!, 0, tz)))
    .where('starts_at', '<', new Date(instantAt(addDays(weekStarts.at(-1)!, 7), 0, tz)))
    .execute();
  const weeks = weekStarts.map((weekStart) => ({ weekStart, completed: 0, cancelled: 0, upcoming: 0 }));
  for (const a of recent) {
    const week = weeks.find((w) => w.weekStart === mondayOf(localDateAt(a.starts_at, tz)));
    if (!week) continue;
    if (a.status === 'COMPLETED') week.completed++;
    else if (a.status === 'CANCELLED') week.cancelled++;
    else week.upcoming++;
  }
  return weeks;
}
