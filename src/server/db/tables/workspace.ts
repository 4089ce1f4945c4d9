/** Appointments, profiles, review, availability and content (migrations/0001, 0100_workspace.sql). */
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, CreatedAt, DefaultNow, TranslationsColumn } from './columns';

export type AppointmentStatus = 'UPCOMING' | 'IN_PROGRESS' | 'COMPLETED' | 'CANCELLED';

export interface AppointmentsTable {
  id: Generated<number>;
  provider_id: number;
  member_id: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
  status: AppointmentStatus;
  created_at: CreatedAt;
  topic: Generated<string>;
  fee_cents: Generated<number>;
  currency: Generated<string>;
  started_at: Timestamp | null;
  ended_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  cancelled_by: 'PROVIDER' | 'MEMBER' | null;
  cancel_reason: string | null;
}

/** migrations/0521_intake_questionnaires.sql: answers follow src/shared/api/questionnaire.ts. */
export interface IntakeQuestionnairesTable {
  appointment_id: number;
  form_version: Generated<number>;
  answers: ColumnType<unknown, string, string>;
  submitted_at: DefaultNow;
}

export interface DoctorCategoriesTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: Generated<string>;
  sort_order: Generated<number>;
  translations: TranslationsColumn;
}

export interface ConsultationLanguagesTable {
  code: string;
  name: string;
  native_name: string;
  sort_order: Generated<number>;
}

export interface ConsultationCountriesTable {
  code: string;
  name: string;
}

export interface ProviderProfilesTable {
  provider_id: number;
  category_ids: number[];
  languages: string[];
  countries: string[];
  biography: string;
  years_of_experience: number;
  qualifications: string;
  licence_number: string;
  licence_country: string;
  licence_authority: Generated<string>;
  licence_expires_on: string | null;
  document_ids: number[];
  consultation_fee_cents: number;
  currency: Generated<string>;
  submitted_at: DefaultNow;
}

export interface ProviderDocumentsTable {
  id: Generated<number>;
  provider_id: number;
  blob_id: number;
  created_at: CreatedAt;
}

export type AuditStatusValue = 'NEED_AUDIT' | 'AUDIT_PASSED' | 'AUDIT_NOT_PASSED';

export interface AuditHistoryTable {
  id: Generated<number>;
  provider_id: number;
  from_status: AuditStatusValue | null;
  to_status: AuditStatusValue;
  reasons: Generated<string>;
  actor: 'PROVIDER' | 'REVIEWER';
  created_at: CreatedAt;
}

export interface ScheduleSettingsTable {
  provider_id: number;
  consultation_minutes: number;
  buffer_minutes: number;
  horizon_days: number;
  min_notice_hours: number;
  updated_at: DefaultNow;
}

export type ScheduleEntryKind = 'WEEKLY' | 'EXTRA' | 'DAY_OFF';

export interface ScheduleEntriesTable {
  id: Generated<number>;
  provider_id: number;
  kind: ScheduleEntryKind;
  weekday: number | null;
  on_date: string | null;
  start_minute: number | null;
  end_minute: number | null;
  note: Generated<string>;
  created_at: CreatedAt;
}

export interface MemberTagsTable {
  id: number;
  name: string;
  tag_group: string;
  /** migrations/0570: this row's text in the other portal languages (Translations). */
  translations: TranslationsColumn;
}

export interface BlogCategoriesTable {
  id: number;
  name: string;
  slug: string;
  /** migrations/0570: this row's text in the other portal languages (Translations). */
  translations: TranslationsColumn;
  sort_order: Generated<number>;
}

export interface BlogPostsTable {
  id: Generated<number>;
  category_id: number;
  title: string;
  summary: string;
  url: string;
  cover_url: string | null;
  read_minutes: number;
  tag_ids: number[];
  published_at: Timestamp;
}

export interface VideosTable {
  id: Generated<number>;
  title: string;
  description: Generated<string>;
  youtube_id: string;
  duration_seconds: number;
  tag_ids: number[];
  published_at: Timestamp;
}
