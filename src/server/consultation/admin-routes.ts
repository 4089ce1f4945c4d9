/**
 * Bookings over the admin API (`npm run admin -- book <member> <provider> <time>` and `unbook`):
 * the same checks as every booking (consultation/booking.ts). A time without an offset is read in
 * the provider's schedule zone; `next` takes the first bookable slot.
 */
import { z } from 'zod';
import { adminInput, findMember, findProviderByEmail, type AdminRoutes } from '../admin/routes';
import { ApiError } from '../http/api-error';
import { ok } from '../http/envelope';
import { bookableSlots } from '../schedule/availability';
import { toMinute } from '../../shared/time/calendar';
import { instantAt } from '../../shared/time/zoned';
import { loadSchedule } from '../schedule/schedule-store';
import { bookAppointment, cancelByMember } from './booking';

const Book = z.object({
  member: z.string().min(1).describe('Member email or chat id'),
  provider: z.string().min(3).describe('Provider email'),
  time: z.string().min(1).describe('ISO instant, local YYYY-MM-DDTHH:mm in the provider zone, or "next"'),
  topic: z.string().max(500).default(''),
});

const LOCAL = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})$/;

export const bookingAdminRoutes: AdminRoutes = (admin, ctx) => {
  admin.post('/bookings', async (request, reply) => {
    const input = adminInput(Book, request.body);
    const provider = await findProviderByEmail(ctx, input.provider);
    const member = await findMember(ctx, input.member);
    const schedule = await loadSchedule(ctx.db, provider.id);
    const now = Date.now();
    let start: number;
    const local = LOCAL.exec(input.time.trim());
    if (input.time.trim() === 'next') {
      const busy = await ctx.db
        .selectFrom('appointments')
        .select(['starts_at', 'ends_at'])
        .where('provider_id', '=', provider.id)
        .where('status', '!=', 'CANCELLED')
        .execute();
      const horizon = now + schedule.rules.horizonDays * 86400_000;
      const [first] = bookableSlots(
        schedule.rules,
        busy.map((b) => ({ start: b.starts_at.getTime(), end: b.ends_at.getTime() })),
        now,
        horizon,
        now,
      );
      if (first === undefined)
        throw new ApiError('SLOT_UNAVAILABLE', 'The provider has no bookable time left');
      start = first;
    } else if (local) {
      start = instantAt(local[1]!, toMinute(local[2]!), schedule.rules.timezone);
    } else {
      start = Date.parse(input.time);
      if (Number.isNaN(start) || !/[zZ]|[+-]\d{2}:?\d{2}$/.test(input.time)) {
        throw ApiError.validation([
          { field: 'time', message: 'Use an ISO time, YYYY-MM-DDTHH:mm or "next"' },
        ]);
      }
    }
    const id = await bookAppointment(ctx, {
      providerId: provider.id,
      memberId: member.id,
      startsAt: new Date(start),
      topic: input.topic,
    });
    const row = await ctx.db
      .selectFrom('appointments')
      .select(['starts_at', 'ends_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return ok(reply, {
      appointmentId: id,
      provider: provider.email,
      member: `${member.first_name} ${member.last_name}`,
      timezone: schedule.rules.timezone,
      startsAt: row.starts_at.toISOString(),
      endsAt: row.ends_at.toISOString(),
    });
  });

  admin.post('/bookings/cancel', async (request, reply) => {
    const input = adminInput(
      z.object({
        appointmentId: z.coerce.number().int().positive(),
        reason: z.string().trim().min(1).max(500),
      }),
      request.body,
    );
    await cancelByMember(ctx, input.appointmentId, input.reason);
    return ok(reply, { appointmentId: input.appointmentId, status: 'CANCELLED' });
  });
};
