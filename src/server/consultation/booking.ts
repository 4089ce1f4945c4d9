/**
 * Members book into availability through the server (issue 5): the booking is checked against
 * the provider's schedule and other consultations under a per-provider lock, stored with the fee of
 * the provider's profile, and announced to the provider as a notification. Cancelling by the member
 * is announced the same way.
 */
import type { Database } from '../db/database';
import { inTransaction } from '../db/transaction';
import type { EventBus } from '../events/event-bus';
import { ApiError } from '../http/api-error';
import { createNotification } from '../notifications/create-notification';
import { englishTime } from '../notifications/english-time';
import { checkBooking, type BookingRefusal } from '../schedule/availability';
import { loadSchedule, scheduleTimeZone } from '../schedule/schedule-store';
import { IllegalTransitionError } from '../../shared/machine';
import { appointmentTransition } from './appointment-machine';

const REFUSALS: Record<BookingRefusal, string> = {
  IN_PAST: 'This time has already passed',
  TOO_SOON: 'This time is too soon: the provider needs more notice',
  TOO_FAR: 'This time is beyond how far ahead the provider takes bookings',
  OUTSIDE_AVAILABILITY: 'The provider is not available at this time',
  OVERLAP: 'This time overlaps another consultation of the provider',
};

export interface BookingInput {
  providerId: number;
  memberId: number;
  startsAt: Date;
  topic?: string;
  now?: number;
}

/** Locks the provider's schedule row so that two bookings of one provider never interleave. */
async function lockProvider(trx: Database, providerId: number) {
  return trx
    .selectFrom('providers')
    .select(['id', 'audit_status', 'cancelled_at', 'first_name', 'last_name'])
    .where('id', '=', providerId)
    .forUpdate()
    .executeTakeFirst();
}

/** What booking needs: the database (or the caller's transaction) and the event bus. */
export interface BookingContext {
  db: Database;
  events: EventBus;
}

export async function bookAppointment(ctx: BookingContext, input: BookingInput): Promise<number> {
  const now = input.now ?? Date.now();
  return inTransaction(ctx.db, async (trx) => {
    const provider = await lockProvider(trx, input.providerId);
    if (!provider || provider.cancelled_at) throw ApiError.notFound('Provider');
    if (provider.audit_status !== 'AUDIT_PASSED') {
      throw new ApiError(
        'SLOT_UNAVAILABLE',
        'This provider is not taking bookings until the profile is approved',
        {
          reason: 'NOT_APPROVED',
        },
      );
    }
    const member = await trx
      .selectFrom('members')
      .select(['id', 'first_name', 'last_name'])
      .where('id', '=', input.memberId)
      .executeTakeFirst();
    if (!member) throw ApiError.notFound('Member');
    const schedule = await loadSchedule(trx, input.providerId);
    if (!schedule.configured) {
      throw new ApiError('SLOT_UNAVAILABLE', REFUSALS.OUTSIDE_AVAILABILITY, {
        reason: 'OUTSIDE_AVAILABILITY',
      });
    }
    const start = input.startsAt.getTime();
    const day = 86400_000;
    const busy = await trx
      .selectFrom('appointments')
      .select(['starts_at', 'ends_at'])
      .where('provider_id', '=', input.providerId)
      .where('status', '!=', 'CANCELLED')
      .where('starts_at', '<', new Date(start + day))
      .where('ends_at', '>', new Date(start - day))
      .execute();
    const verdict = checkBooking(
      schedule.rules,
      busy.map((b) => ({ start: b.starts_at.getTime(), end: b.ends_at.getTime() })),
      start,
      now,
    );
    if (!verdict.ok) {
      throw new ApiError('SLOT_UNAVAILABLE', REFUSALS[verdict.reason], { reason: verdict.reason });
    }
    const profile = await trx
      .selectFrom('provider_profiles')
      .select(['consultation_fee_cents', 'currency'])
      .where('provider_id', '=', input.providerId)
      .executeTakeFirst();
    const row = await trx
      .insertInto('appointments')
      .values({
        provider_id: input.providerId,
        member_id: input.memberId,
        starts_at: new Date(start),
        ends_at: new Date(verdict.end),
        status: 'UPCOMING',
        topic: input.topic?.trim() ?? '',
        fee_cents: profile?.consultation_fee_cents ?? 0,
        currency: profile?.currency ?? 'USD',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const memberName = `${member.first_name} ${member.last_name}`;
    const startsAt = new Date(start).toISOString();
    const topic = input.topic?.trim() ?? '';
    await createNotification(
      { db: trx, events: ctx.events },
      {
        providerId: input.providerId,
        category: 'BOOKING',
        title: `New consultation with ${memberName}`,
        body: `${memberName} booked a consultation on ${englishTime(start, schedule.rules.timezone)}.`,
        template: { key: 'booking.created', params: { memberName, startsAt, topic } },
        data: { appointmentId: row.id, memberId: member.id, startsAt },
      },
    );
    return row.id;
  });
}

/** The member cancels an upcoming consultation; the provider is told. */
export async function cancelByMember(
  ctx: BookingContext,
  appointmentId: number,
  reason: string,
): Promise<void> {
  await inTransaction(ctx.db, async (trx) => {
    const a = await trx
      .selectFrom('appointments as a')
      .innerJoin('members as m', 'm.id', 'a.member_id')
      .select([
        'a.id',
        'a.status',
        'a.provider_id',
        'a.starts_at',
        'm.first_name',
        'm.last_name',
        'm.id as member_id',
      ])
      .where('a.id', '=', appointmentId)
      .forUpdate()
      .executeTakeFirst();
    if (!a) throw ApiError.notFound('Appointment');
    const status = transitionOrThrow(a.status, 'CANCEL');
    await trx
      .updateTable('appointments')
      .set({ status, cancelled_at: new Date(), cancelled_by: 'MEMBER', cancel_reason: reason })
      .where('id', '=', a.id)
      .execute();
    const memberName = `${a.first_name} ${a.last_name}`;
    const startsAt = a.starts_at.toISOString();
    const timeZone = await scheduleTimeZone(trx, a.provider_id);
    await createNotification(
      { db: trx, events: ctx.events },
      {
        providerId: a.provider_id,
        category: 'BOOKING_CANCELLED',
        title: `${memberName} cancelled a consultation`,
        body: `The consultation on ${englishTime(a.starts_at, timeZone)} is cancelled. Reason: ${reason}`,
        template: { key: 'booking.cancelled', params: { memberName, startsAt, reason } },
        data: { appointmentId: a.id, memberId: a.member_id, startsAt },
      },
    );
  });
}

/** The lifecycle move, or INVALID_STATE for the envelope. */
export function transitionOrThrow(...args: Parameters<typeof appointmentTransition>) {
  try {
    return appointmentTransition(...args);
  } catch (error) {
    if (error instanceof IllegalTransitionError) throw new ApiError('INVALID_STATE', error.message);
    throw error;
  }
}
