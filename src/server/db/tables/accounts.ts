/**
 * Accounts, sessions, protocols, uploads and auth attempts (migrations/0001_foundation.sql,
 * 0002_seed_runs.sql, 0420_auth_attempts.sql, 0590_sign_up_requests.sql).
 */
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, CreatedAt, DefaultNow, TranslationsColumn } from './columns';

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
  /** migrations/0520_email_verification.sql */
  email_verified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
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

export type SessionEndReason =
  'KICKED' | 'LOGOUT' | 'EXPIRED' | 'PASSWORD_CHANGED' | 'CANCELLED' | 'AUTO_LOGOFF';

export interface SessionsTable {
  id: Generated<number>;
  provider_id: number;
  token_hash: string;
  created_at: CreatedAt;
  last_seen_at: DefaultNow;
  /** The provider's last activity the portal reported (docs/security.md "Automatic logoff"). */
  last_activity_at: DefaultNow;
  expires_at: Timestamp;
  ended_at: Timestamp | null;
  end_reason: SessionEndReason | null;
  user_agent: string | null;
  address: string | null;
  /** The second factor the sign-in was completed with (migrations/0580_second_factor.sql). */
  second_factor: ColumnType<
    'passkey' | 'totp' | 'recovery' | null,
    'passkey' | 'totp' | 'recovery' | null | undefined,
    never
  >;
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

/** migrations/0520_email_verification.sql */
export interface EmailVerificationsTable {
  id: Generated<number>;
  provider_id: number;
  code_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  attempts: Generated<number>;
  used_at: Timestamp | null;
}

/** migrations/0590_sign_up_requests.sql: a sign-up waiting for its mailed code. */
export interface SignUpRequestsTable {
  id: Generated<number>;
  token_hash: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  language: string;
  timezone: string;
  country: string | null;
  code_hash: string;
  attempts: Generated<number>;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface AuthAttemptsTable {
  id: Generated<string>;
  scope: string;
  account: string;
  address: string;
  at: DefaultNow;
  outcome: 'pending' | 'failed' | 'ok' | 'hit';
}

export interface ProtocolsTable {
  id: Generated<number>;
  kind: 'TERMS_OF_SERVICE' | 'PRIVACY_POLICY';
  version: number;
  title: string;
  content: string;
  /** migrations/0570: this row's text in the other portal languages (Translations). */
  translations: TranslationsColumn;
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
  /** The custom-object record and file field this blob was uploaded into (docs/wire/hosted-chat.md §7). */
  record_id: ColumnType<string | null, string | null | undefined, string | null>;
  record_field: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SeedRunsTable {
  name: string;
  applied_at: CreatedAt;
}
