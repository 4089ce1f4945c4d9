/** Kysely table types, kept in step with `migrations/*.sql` by hand: change both together. */
import type { ColumnType, Generated } from 'kysely';

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
}

export interface SeedRunsTable {
  name: string;
  applied_at: CreatedAt;
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
