/** Kysely table types, kept in step with `migrations/*.sql` by hand: change both together. */
import type { ColumnType, Generated } from 'kysely';
import type { ExpertReportStatus } from '../../shared/expert-reports';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type DefaultNow = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ChatUsersTable {
  id: Generated<number>;
  login: string;
  password_hash: string;
  full_name: Generated<string>;
  email: string | null;
  kind: 'provider' | 'member';
  created_at: CreatedAt;
  updated_at: DefaultNow;
  last_request_at: Timestamp | null;
  phone: ColumnType<string | null, string | null | undefined, string | null>;
  website: ColumnType<string | null, string | null | undefined, string | null>;
  external_user_id: ColumnType<string | null, string | null | undefined, string | null>;
  facebook_id: ColumnType<string | null, string | null | undefined, string | null>;
  twitter_id: ColumnType<string | null, string | null | undefined, string | null>;
  blob_id: ColumnType<number | null, number | null | undefined, number | null>;
  custom_data: ColumnType<string | null, string | null | undefined, string | null>;
  user_tags: Generated<string[]>;
}

export interface ProvidersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  title: string | null;
  phone: string | null;
  avatar_blob_id: number | null;
  language: Generated<string>;
  timezone: Generated<string>;
  country: string | null;
  chat_id: number;
  audit_status: 'NEED_AUDIT' | 'AUDIT_PASSED' | 'AUDIT_NOT_PASSED' | null;
  audit_reasons: string | null;
  audit_create_time: Timestamp | null;
  audited_time: Timestamp | null;
  audited_popup_page: Generated<boolean>;
  cancelled_at: Timestamp | null;
  password_changed_at: DefaultNow;
  created_at: CreatedAt;
  updated_at: DefaultNow;
}

export interface MembersTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string | null;
  avatar_url: string | null;
  chat_id: number;
  country: string | null;
  timezone: Generated<string>;
  created_at: CreatedAt;
}

export type SessionEndReason = 'KICKED' | 'LOGOUT' | 'EXPIRED' | 'PASSWORD_CHANGED' | 'CANCELLED';

export interface SessionsTable {
  id: Generated<number>;
  provider_id: number;
  token_hash: string;
  created_at: CreatedAt;
  last_seen_at: DefaultNow;
  expires_at: Timestamp;
  ended_at: Timestamp | null;
  end_reason: SessionEndReason | null;
  user_agent: string | null;
  address: string | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  provider_id: number;
  code_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  attempts: Generated<number>;
  used_at: Timestamp | null;
}

export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  hits: Generated<number>;
}

export interface ProtocolsTable {
  id: Generated<number>;
  kind: 'TERMS_OF_SERVICE' | 'PRIVACY_POLICY';
  version: number;
  title: string;
  content: string;
  published_at: Timestamp | null;
}

export interface ProtocolRecordsTable {
  id: Generated<number>;
  provider_id: number;
  protocol_id: number;
  platform: string;
  agreed_at: CreatedAt;
}

export interface BlobsTable {
  id: Generated<number>;
  uid: string;
  name: string;
  content_type: string;
  size: number | null;
  is_public: Generated<boolean>;
  tag_list: Generated<string>;
  owner_chat_id: number | null;
  created_at: CreatedAt;
  completed_at: Timestamp | null;
  updated_at: DefaultNow;
  upload_expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

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

export interface NotificationsTable {
  id: Generated<number>;
  provider_id: number;
  category: string;
  title: string;
  body: Generated<string>;
  data: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: CreatedAt;
  read_at: Timestamp | null;
  /** Template key (src/shared/notification-templates.ts); null for operators' free text. */
  template: ColumnType<string | null, string | null | undefined, string | null>;
  params: ColumnType<Record<string, string | number>, string | undefined, string>;
}

export interface DB {
  chat_users: ChatUsersTable;
  providers: ProvidersTable;
  members: MembersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  rate_limits: RateLimitsTable;
  protocols: ProtocolsTable;
  protocol_records: ProtocolRecordsTable;
  blobs: BlobsTable;
  appointments: AppointmentsTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  app_socket_events: AppSocketEventsTable;
  app_chat_messages: AppChatMessagesTable;
  seed_runs: SeedRunsTable;
  doctor_categories: DoctorCategoriesTable;
  consultation_languages: ConsultationLanguagesTable;
  consultation_countries: ConsultationCountriesTable;
  provider_profiles: ProviderProfilesTable;
  provider_documents: ProviderDocumentsTable;
  audit_history: AuditHistoryTable;
  schedule_settings: ScheduleSettingsTable;
  schedule_entries: ScheduleEntriesTable;
  member_tags: MemberTagsTable;
  blog_categories: BlogCategoriesTable;
  blog_posts: BlogPostsTable;
  videos: VideosTable;
  qb_sessions: QbSessionsTable;
  chat_dialogs: ChatDialogsTable;
  chat_messages: ChatMessagesTable;
  chat_pending_markers: ChatPendingMarkersTable;
  qb_records: QbRecordsTable;
  qb_address_book: QbAddressBookTable;
  qb_push_subscriptions: QbPushSubscriptionsTable;
  qb_push_events: QbPushEventsTable;
  expert_reports: ExpertReportsTable;
}

export interface SeedRunsTable {
  name: string;
  applied_at: CreatedAt;
}

/* Workspace tables (migrations/0100_workspace.sql). */

export interface DoctorCategoriesTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: Generated<string>;
  sort_order: Generated<number>;
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
  timezone: string;
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
}

export interface BlogCategoriesTable {
  id: number;
  name: string;
  slug: string;
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

/** Issue 6, migration 0200: notification preferences, app socket event tracking and chat. */
export interface NotificationSettingsTable {
  id: Generated<number>;
  provider_id: number;
  muted_categories: ColumnType<string[], string[] | undefined, string[]>;
  updated_at: DefaultNow;
}

export interface AppSocketEventsTable {
  id: Generated<number>;
  provider_id: number;
  session_id: number;
  event: string;
  page: Generated<string>;
  params: ColumnType<Record<string, string>, string | undefined, string>;
  client_time: Timestamp | null;
  created_at: CreatedAt;
}

export interface AppChatMessagesTable {
  id: Generated<number>;
  server_msg_id: string;
  client_msg_id: string;
  sender_chat_id: number;
  receiver_chat_id: number;
  items: ColumnType<unknown[], string, string>;
  status: number;
  client_time: Timestamp | null;
  server_time: DefaultNow;
}

/** Migration 0300: the chat-service stand-in (issue 4). */
type Json<T> = ColumnType<T, string | undefined, string>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface QbSessionsTable {
  id: Generated<number>;
  object_id: string;
  token_hash: string;
  application_id: number;
  user_id: number | null;
  nonce: number;
  ts: number;
  created_at: CreatedAt;
  updated_at: DefaultNow;
  expires_at: Timestamp;
  destroyed_at: Timestamp | null;
}

/** 1 public group, 2 group, 3 private (hosted-chat-wire.md §5.1). */
export type DialogType = 1 | 2 | 3;

export interface ChatDialogsTable {
  id: string;
  type: DialogType;
  name: Generated<string>;
  photo: Nullable<string>;
  owner_id: number;
  occupant_ids: number[];
  hidden_for: Generated<number[]>;
  private_key: Nullable<string>;
  is_joinable: Generated<boolean>;
  data: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  room_ready: Generated<boolean>;
  last_message: Nullable<string>;
  last_message_id: Nullable<string>;
  last_message_date_sent: Nullable<number>;
  last_message_user_id: Nullable<number>;
  created_at: CreatedAt;
  updated_at: DefaultNow;
}

export interface ChatMessagesTable {
  id: string;
  dialog_id: string;
  sender_id: number;
  recipient_id: Nullable<number>;
  body: Generated<string>;
  date_sent: number;
  attachments: Json<Array<Record<string, string | number>>>;
  custom: Json<Record<string, unknown>>;
  read_ids: Generated<number[]>;
  delivered_ids: Generated<number[]>;
  deleted_for: Generated<number[]>;
  markable: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: DefaultNow;
}

export interface ChatPendingMarkersTable {
  message_id: string;
  user_id: number;
  kind: 'received' | 'displayed';
  created_at: CreatedAt;
}

export interface QbRecordsTable {
  id: string;
  class_name: string;
  user_id: number;
  parent_id: Nullable<string>;
  fields: Json<Record<string, unknown>>;
  created_at: CreatedAt;
  updated_at: DefaultNow;
}

export interface QbAddressBookTable {
  user_id: number;
  udid: Generated<string>;
  phone: string;
  name: Generated<string>;
}

export interface QbPushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  notification_channel: string;
  environment: string;
  client_identification_sequence: string;
  bundle_identifier: Nullable<string>;
  platform: string;
  udid: string;
  created_at: CreatedAt;
}

export interface QbPushEventsTable {
  id: Generated<number>;
  user_id: number;
  notification_type: 'push' | 'email';
  environment: string;
  event_type: Generated<string>;
  push_type: Nullable<string>;
  name: Nullable<string>;
  message: string;
  date: Nullable<number>;
  end_date: Nullable<number>;
  period: Nullable<number>;
  recipients: Json<Record<string, unknown>>;
  active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: DefaultNow;
}

/* Expert reports (migrations/0410_expert_reports.sql). */

export interface ExpertReportsTable {
  id: Generated<number>;
  member_id: number;
  provider_id: number;
  report_type: string;
  title: string;
  status: ExpertReportStatus;
  created_at: CreatedAt;
  assigned_at: DefaultNow;
  claimed_at: Timestamp | null;
  completed_at: Timestamp | null;
}
