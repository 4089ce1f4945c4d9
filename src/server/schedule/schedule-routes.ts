/**
 * Availability endpoints, spec §7 "Profile and schedule" (`schedule/new/get|update`,
 * `schedule/delete`) and the calendar feed of `/calendar`: windows as instants with daylight-saving
 * changes applied, and the provider's appointments.
 */
import type { FastifyInstance } from 'fastify';
import { deleteSchedule, getCalendar, getSchedule, updateSchedule } from '../../shared/api/schedule';
import { appointmentQuery, toSummary } from './appointment-view';
import type { ServerContext } from '../context';
import { ApiError } from '../http/api-error';
import { registerEndpoint } from '../http/route';
import { consultationReads, recordMemberReads } from '../access-log/record-access';
import { expandAvailability } from './availability';
import { toMinute } from '../../shared/time/calendar';
import { localDateAt } from '../../shared/time/zoned';
import { loadSchedule, saveTimeZone, toScheduleView } from './schedule-store';
import { validateOverrides, validateWeekly } from './validate';

export function registerScheduleRoutes(app: FastifyInstance, ctx: ServerContext) {
  registerEndpoint(app, ctx, getSchedule, async ({ session }) =>
    toScheduleView(await loadSchedule(ctx.db, session.providerId)),
  );

  registerEndpoint(app, ctx, updateSchedule, async ({ body, session }) => {
    const providerId = session.providerId;
    await ctx.db.transaction().execute(async (trx) => {
      await trx.selectFrom('providers').select('id').where('id', '=', providerId).forUpdate().execute();
      const current = await loadSchedule(trx, providerId);
      const timezone = body.timezone ?? current.rules.timezone;
      const settings = {
        consultation_minutes: body.consultationMinutes ?? current.rules.consultationMinutes,
        buffer_minutes: body.bufferMinutes ?? current.rules.bufferMinutes,
        horizon_days: body.horizonDays ?? current.rules.horizonDays,
        min_notice_hours: body.minNoticeHours ?? current.rules.minNoticeHours,
      };
      const weekly =
        body.weekly?.map((w) => ({
          weekday: w.weekday,
          startMinute: toMinute(w.start),
          endMinute: toMinute(w.end),
        })) ?? current.rules.weekly;
      const added = (body.overrides ?? []).map((o) => ({
        date: o.date,
        kind: o.kind,
        startMinute: o.start === undefined ? null : toMinute(o.start),
        endMinute: o.end === undefined ? null : toMinute(o.end),
        note: o.note,
      }));
      const problems = [
        ...(body.weekly || body.consultationMinutes
          ? validateWeekly(weekly, settings.consultation_minutes)
          : []),
        ...validateOverrides(
          added,
          current.rules.overrides,
          settings.consultation_minutes,
          localDateAt(Date.now(), timezone),
        ),
      ];
      if (problems.length) throw ApiError.validation(problems);
      await trx
        .insertInto('schedule_settings')
        .values({ provider_id: providerId, ...settings })
        .onConflict((oc) => oc.column('provider_id').doUpdateSet({ ...settings, updated_at: new Date() }))
        .execute();
      if (body.timezone !== undefined) await saveTimeZone(trx, providerId, body.timezone);
      if (body.weekly) {
        await trx
          .deleteFrom('schedule_entries')
          .where('provider_id', '=', providerId)
          .where('kind', '=', 'WEEKLY')
          .execute();
        if (weekly.length) {
          await trx
            .insertInto('schedule_entries')
            .values(
              weekly.map((w) => ({
                provider_id: providerId,
                kind: 'WEEKLY' as const,
                weekday: w.weekday,
                start_minute: w.startMinute,
                end_minute: w.endMinute,
              })),
            )
            .execute();
        }
      }
      if (added.length) {
        await trx
          .insertInto('schedule_entries')
          .values(
            added.map((o) => ({
              provider_id: providerId,
              kind: o.kind,
              on_date: o.date,
              start_minute: o.startMinute,
              end_minute: o.endMinute,
              note: o.note,
            })),
          )
          .execute();
      }
    });
    return toScheduleView(await loadSchedule(ctx.db, providerId));
  });

  registerEndpoint(app, ctx, deleteSchedule, async ({ body, session }) => {
    const ids = [...new Set(body.ids)];
    await ctx.db.transaction().execute(async (trx) => {
      const own = await trx
        .selectFrom('schedule_entries')
        .select('id')
        .where('provider_id', '=', session.providerId)
        .where('id', 'in', ids)
        .execute();
      if (own.length !== ids.length) throw ApiError.notFound('Schedule entry');
      await trx
        .deleteFrom('schedule_entries')
        .where('provider_id', '=', session.providerId)
        .where('id', 'in', ids)
        .execute();
    });
    return toScheduleView(await loadSchedule(ctx.db, session.providerId));
  });

  registerEndpoint(app, ctx, getCalendar, async ({ query, session, request }) => {
    const from = Date.parse(query.from);
    const to = Date.parse(query.to);
    const schedule = await loadSchedule(ctx.db, session.providerId);
    const { rules } = schedule;
    const firstDate = localDateAt(from, rules.timezone);
    const lastDate = localDateAt(to - 1, rules.timezone);
    const appointments = await appointmentQuery(ctx.db, session.providerId)
      .where('a.status', '!=', 'CANCELLED')
      .where('a.starts_at', '<', new Date(to))
      .where('a.ends_at', '>', new Date(from))
      .orderBy('a.starts_at')
      .execute();
    const list = appointments.map(toSummary);
    // The members' booking topics are in the answer (docs/security.md "Health-data access log").
    await recordMemberReads(
      ctx.db,
      { providerId: session.providerId, address: request.ip },
      consultationReads(list),
    );
    return {
      timezone: rules.timezone,
      consultationMinutes: rules.consultationMinutes,
      windows: schedule.configured
        ? expandAvailability(rules, from, to).map((w) => ({
            start: new Date(w.start).toISOString(),
            end: new Date(w.end).toISOString(),
            kind: w.kind,
          }))
        : [],
      daysOff: rules.overrides
        .filter((o) => o.kind === 'DAY_OFF' && o.date >= firstDate && o.date <= lastDate)
        .map((o) => o.date)
        .sort(),
      appointments: list,
    };
  });
}
