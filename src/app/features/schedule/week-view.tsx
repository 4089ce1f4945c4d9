/** The week of /calendar: a column per day, availability shaded, appointments as cards. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AppointmentSummary } from '../../../shared/api/consultation';
import type { AvailabilityWindow } from '../../../shared/api/schedule';
import { toWallTime } from '../../../shared/time/calendar';
import { placeOnDay, type Placed } from './calendar-math';

const HOUR_PX = 48;

export interface DayItems {
  date: string;
  label: string;
  isToday: boolean;
  dayOff: boolean;
  windows: Placed[];
  appointments: Array<{ appointment: AppointmentSummary; placed: Placed }>;
}

export function itemsForDay(
  date: string,
  tz: string,
  windows: readonly AvailabilityWindow[],
  appointments: readonly AppointmentSummary[],
): Pick<DayItems, 'windows' | 'appointments'> {
  return {
    windows: windows.flatMap((w) => placeOnDay(Date.parse(w.start), Date.parse(w.end), date, tz) ?? []),
    appointments: appointments.flatMap((a) => {
      const placed = placeOnDay(Date.parse(a.startsAt), Date.parse(a.endsAt), date, tz);
      return placed ? [{ appointment: a, placed }] : [];
    }),
  };
}

export function WeekView({ days, detailPath }: { days: DayItems[]; detailPath(id: number): string }) {
  const { t } = useTranslation('schedule');
  const edges = days.flatMap((d) => [...d.windows, ...d.appointments.map((a) => a.placed)]);
  const first = Math.min(7, ...edges.map((e) => Math.floor(e.top / 60)));
  const last = Math.max(20, ...edges.map((e) => Math.ceil(e.bottom / 60)));
  const hours = Array.from({ length: last - first }, (_, i) => first + i);
  const y = (minute: number) => ((minute - first * 60) / 60) * HOUR_PX;
  // A table: a header row naming the days, one row holding each day's hours and appointments
  // (docs/conventions.md "Accessibility": real roles, not a grid without its keyboard model).
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full min-w-[760px] table-fixed border-collapse" aria-label={t('calendar.week')}>
        <colgroup>
          <col className="w-14" />
          {days.map((d) => (
            <col key={d.date} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <td />
            {days.map((d) => (
              <th
                key={d.date}
                scope="col"
                className={`border-b border-l border-slate-200 px-2 py-2 text-center text-sm ${d.isToday ? 'font-semibold text-brand' : 'font-normal'}`}
              >
                {d.label}
                {d.dayOff && (
                  <span className="block text-xs font-normal text-slate-500">{t('overrides.dayOff')}</span>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <td className="relative p-0 align-top" style={{ height: hours.length * HOUR_PX }}>
              {hours.map((h) => (
                <span
                  key={h}
                  className="absolute right-2 -translate-y-2 text-xs text-slate-500"
                  style={{ top: y(h * 60) }}
                >
                  {toWallTime(h * 60)}
                </span>
              ))}
            </td>
            {days.map((d) => (
              <td
                key={d.date}
                className={`relative border-l border-slate-200 p-0 align-top ${d.dayOff ? 'bg-slate-100' : ''}`}
                style={{ height: hours.length * HOUR_PX }}
              >
                {hours.map((h) => (
                  <div
                    key={h}
                    aria-hidden
                    className="absolute inset-x-0 border-t border-slate-100"
                    style={{ top: y(h * 60) }}
                  />
                ))}
                {d.windows.map((w) => (
                  <div
                    key={`w${w.top}`}
                    role="note"
                    aria-label={t('calendar.available', {
                      start: toWallTime(w.top),
                      end: toWallTime(w.bottom),
                    })}
                    className="absolute inset-x-1 rounded-md bg-brand-50 ring-1 ring-brand/20"
                    style={{ top: y(w.top), height: y(w.bottom) - y(w.top) }}
                  />
                ))}
                {d.appointments.map(({ appointment: a, placed }) => (
                  <Link
                    key={a.id}
                    to={detailPath(a.id)}
                    // Says what the card shows first, so the name spoken is the name seen (WCAG 2.5.3).
                    aria-label={t('calendar.appointment', {
                      name: a.memberName,
                      start: toWallTime(placed.top),
                      end: toWallTime(placed.bottom),
                    })}
                    className={`absolute inset-x-2 overflow-hidden rounded-md px-1.5 py-0.5 text-xs text-white shadow ${a.status === 'COMPLETED' ? 'bg-slate-500' : 'bg-brand'}`}
                    style={{ top: y(placed.top), height: Math.max(18, y(placed.bottom) - y(placed.top)) }}
                  >
                    <span className="font-medium">{toWallTime(placed.top)}</span> {a.memberName}
                  </Link>
                ))}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
