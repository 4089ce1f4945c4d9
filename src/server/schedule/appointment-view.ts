/** Appointment rows (joined with the member) as the contract's summary and detail. */
import type { AppointmentDetail, AppointmentSummary } from '../../shared/api/consultation';
import type { Database } from '../db/database';
import type { AppointmentStatus } from '../db/schema';

/** The select every appointment listing starts from: appointments of one provider with their member. */
export function appointmentQuery(db: Database, providerId: number) {
  return db
    .selectFrom('appointments as a')
    .innerJoin('members as m', 'm.id', 'a.member_id')
    .where('a.provider_id', '=', providerId)
    .select([
      'a.id',
      'a.member_id',
      'a.starts_at',
      'a.ends_at',
      'a.status',
      'a.topic',
      'a.fee_cents',
      'a.currency',
      'a.created_at',
      'a.started_at',
      'a.ended_at',
      'a.cancelled_at',
      'a.cancelled_by',
      'a.cancel_reason',
      'm.chat_id as member_chat_id',
      'm.first_name',
      'm.last_name',
      'm.avatar_url',
      'm.country as member_country',
      'm.timezone as member_timezone',
    ]);
}

export interface AppointmentRow {
  id: number;
  member_id: number;
  starts_at: Date;
  ends_at: Date;
  status: AppointmentStatus;
  topic: string;
  fee_cents: number;
  currency: string;
  created_at: Date;
  started_at: Date | null;
  ended_at: Date | null;
  cancelled_at: Date | null;
  cancelled_by: 'PROVIDER' | 'MEMBER' | null;
  cancel_reason: string | null;
  member_chat_id: number;
  first_name: string;
  last_name: string;
  avatar_url: string | null;
  member_country: string | null;
  member_timezone: string;
}

export function toSummary(r: AppointmentRow): AppointmentSummary {
  return {
    id: r.id,
    memberId: r.member_id,
    memberChatId: r.member_chat_id,
    memberName: `${r.first_name} ${r.last_name}`.trim(),
    memberAvatar: r.avatar_url,
    startsAt: r.starts_at.toISOString(),
    endsAt: r.ends_at.toISOString(),
    status: r.status,
    topic: r.topic,
    fee: { amountCents: r.fee_cents, currency: r.currency },
  };
}

export function toDetail(r: AppointmentRow, consultationsWithClient: number): AppointmentDetail {
  return {
    ...toSummary(r),
    memberCountry: r.member_country,
    memberTimezone: r.member_timezone,
    createdAt: r.created_at.toISOString(),
    startedAt: r.started_at?.toISOString() ?? null,
    endedAt: r.ended_at?.toISOString() ?? null,
    cancelledAt: r.cancelled_at?.toISOString() ?? null,
    cancelledBy: r.cancelled_by,
    cancelReason: r.cancel_reason,
    consultationsWithClient,
  };
}
