/**
 * Workspace seeders (issue 5), from fixtures/profile-options.json and fixtures/workspace.json:
 * the profile option lists, the personas' submitted profiles, availability, Amelia's past
 * consultations, and upcoming bookings made through the booking service with its real checks.
 */
import {
  contentFixtures,
  member,
  personas,
  profileOptions,
  provider,
  workspaceFixtures,
} from '../../../fixtures';
import { bookAppointment } from '../consultation/booking';
import type { Database } from '../db/database';
import { EventBus } from '../events/event-bus';
import { bookableSlots } from '../schedule/availability';
import { addDays, toMinute } from '../../shared/time/calendar';
import { instantAt, localDateAt } from '../../shared/time/zoned';
import { loadSchedule } from '../schedule/schedule-store';
import type { Seeder } from './seeder';

async function providerId(db: Database, key: string): Promise<number> {
  const row = await db
    .selectFrom('providers')
    .select('id')
    .where('email', '=', provider(key).email)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function memberId(db: Database, key: string): Promise<number> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('email', '=', member(key).email)
    .executeTakeFirstOrThrow();
  return row.id;
}

export const seedProfileOptions: Seeder = {
  name: 'profile-options',
  async run({ db }) {
    await db
      .insertInto('doctor_categories')
      .values(profileOptions.categories.map((c, i) => ({ ...c, sort_order: i })))
      .execute();
    await db
      .insertInto('consultation_languages')
      .values(
        profileOptions.languages.map((l, i) => ({
          code: l.code,
          name: l.name,
          native_name: l.nativeName,
          sort_order: i,
        })),
      )
      .execute();
    await db.insertInto('consultation_countries').values(profileOptions.countries).execute();
  },
};

export const seedProfiles: Seeder = {
  name: 'provider-profiles',
  async run({ db }) {
    const categories = await db.selectFrom('doctor_categories').select(['id', 'code']).execute();
    for (const [key, p] of Object.entries(workspaceFixtures.profiles)) {
      const id = await providerId(db, key);
      const persona = personas.providers.find((x) => x.key === key)!;
      await db
        .insertInto('provider_profiles')
        .values({
          provider_id: id,
          category_ids: p.categories.map((code) => categories.find((c) => c.code === code)!.id),
          languages: p.languages,
          countries: p.countries,
          biography: p.biography,
          years_of_experience: p.yearsOfExperience,
          qualifications: p.qualifications,
          licence_number: p.licenceNumber,
          licence_country: p.licenceCountry,
          licence_authority: p.licenceAuthority,
          licence_expires_on: p.licenceExpiresOn,
          document_ids: [],
          consultation_fee_cents: Math.round(p.consultationFee * 100),
        })
        .execute();
      await db
        .insertInto('audit_history')
        .values({ provider_id: id, from_status: null, to_status: 'NEED_AUDIT', actor: 'PROVIDER' })
        .execute();
      if (persona.auditStatus && persona.auditStatus !== 'NEED_AUDIT') {
        await db
          .insertInto('audit_history')
          .values({
            provider_id: id,
            from_status: 'NEED_AUDIT',
            to_status: persona.auditStatus as 'AUDIT_PASSED' | 'AUDIT_NOT_PASSED',
            reasons: persona.auditReasons ?? '',
            actor: 'REVIEWER',
          })
          .execute();
      }
    }
  },
};

export const seedSchedules: Seeder = {
  name: 'schedules',
  async run({ db, now }) {
    for (const [key, s] of Object.entries(workspaceFixtures.schedules)) {
      const id = await providerId(db, key);
      const timezone = provider(key).timezone;
      await db
        .insertInto('schedule_settings')
        .values({
          provider_id: id,
          consultation_minutes: s.consultationMinutes,
          buffer_minutes: s.bufferMinutes,
          horizon_days: s.horizonDays,
          min_notice_hours: s.minNoticeHours,
        })
        .execute();
      const today = localDateAt(now, timezone);
      const overrides = s.overrides as Array<{
        inDays: number;
        kind: 'EXTRA' | 'DAY_OFF';
        start?: string;
        end?: string;
        note: string;
      }>;
      await db
        .insertInto('schedule_entries')
        .values([
          ...s.weekly.map((w) => ({
            provider_id: id,
            kind: 'WEEKLY' as const,
            weekday: w.weekday,
            start_minute: toMinute(w.start),
            end_minute: toMinute(w.end),
          })),
          ...overrides.map((o) => ({
            provider_id: id,
            kind: o.kind,
            on_date: addDays(today, o.inDays),
            start_minute: o.start ? toMinute(o.start) : null,
            end_minute: o.end ? toMinute(o.end) : null,
            note: o.note,
          })),
        ])
        .execute();
    }
  },
};

export const seedAppointments: Seeder = {
  name: 'appointments',
  async run({ db, now }) {
    const { history } = workspaceFixtures;
    const pid = await providerId(db, history.provider);
    const schedule = await loadSchedule(db, pid);
    const { timezone, consultationMinutes } = schedule.rules;
    const fee = await db
      .selectFrom('provider_profiles')
      .select('consultation_fee_cents')
      .where('provider_id', '=', pid)
      .executeTakeFirstOrThrow();
    const today = localDateAt(now, timezone);
    // Past consultations are history, written as they happened.
    for (const a of history.appointments as Array<
      (typeof history.appointments)[number] & { cancelReason?: string }
    >) {
      const start = instantAt(addDays(today, -a.daysAgo), toMinute(a.time), timezone);
      const end = start + consultationMinutes * 60_000;
      await db
        .insertInto('appointments')
        .values({
          provider_id: pid,
          member_id: await memberId(db, a.member),
          starts_at: new Date(start),
          ends_at: new Date(end),
          status: a.status as 'COMPLETED' | 'CANCELLED',
          topic: a.topic,
          fee_cents: fee.consultation_fee_cents,
          created_at: new Date(start - 7 * 86400_000),
          started_at: a.status === 'COMPLETED' ? new Date(start) : null,
          ended_at: a.status === 'COMPLETED' ? new Date(end) : null,
          cancelled_at: a.status === 'CANCELLED' ? new Date(start - 86400_000) : null,
          cancelled_by: a.status === 'CANCELLED' ? 'MEMBER' : null,
          cancel_reason: a.cancelReason ?? null,
        })
        .execute();
    }
    // Upcoming ones are booked like any booking: the first free slot from the given day on.
    const events = new EventBus();
    for (const b of history.bookings) {
      const from = instantAt(addDays(today, b.afterDays), 0, timezone);
      const busy = await db
        .selectFrom('appointments')
        .select(['starts_at', 'ends_at'])
        .where('provider_id', '=', pid)
        .where('status', '!=', 'CANCELLED')
        .execute();
      const [slot] = bookableSlots(
        schedule.rules,
        busy.map((x) => ({ start: x.starts_at.getTime(), end: x.ends_at.getTime() })),
        from,
        from + 14 * 86400_000,
        now,
      );
      if (slot === undefined) continue;
      await bookAppointment(
        { db, events },
        {
          providerId: pid,
          memberId: await memberId(db, b.member),
          startsAt: new Date(slot),
          topic: b.topic,
          now,
        },
      );
    }
  },
};

export const seedContent: Seeder = {
  name: 'content',
  async run({ db, now }) {
    const c = contentFixtures;
    const day = 86400_000;
    await db
      .insertInto('member_tags')
      .values(c.memberTags.map((t) => ({ id: t.id, name: t.name, tag_group: t.group })))
      .execute();
    await db
      .insertInto('blog_categories')
      .values(c.blogCategories.map((b, i) => ({ ...b, sort_order: i })))
      .execute();
    await db
      .insertInto('blog_posts')
      .values(
        c.posts.map((p) => ({
          category_id: p.category,
          title: p.title,
          summary: p.summary,
          url: `${c.blogBaseUrl}${p.slug}`,
          cover_url: null,
          read_minutes: p.readMinutes,
          tag_ids: p.tags,
          published_at: new Date(now - p.daysAgo * day),
        })),
      )
      .execute();
    await db
      .insertInto('videos')
      .values(
        c.videos.map((v) => ({
          title: v.title,
          description: v.description,
          youtube_id: v.youtubeId,
          duration_seconds: v.durationSeconds,
          tag_ids: v.tags,
          published_at: new Date(now - v.daysAgo * day),
        })),
      )
      .execute();
  },
};

export const WORKSPACE_SEEDERS: readonly Seeder[] = [
  seedProfileOptions,
  seedProfiles,
  seedSchedules,
  seedAppointments,
  seedContent,
];
