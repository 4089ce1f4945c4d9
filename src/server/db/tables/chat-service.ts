/** The chat-service stand-in (migrations/0300_chat_service.sql, issue 4). */
import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { DialogTypeCode } from '../../../shared/dialog-type';
import type { Timestamp, CreatedAt, DefaultNow, Json, Nullable } from './columns';

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

/** 1 public group, 2 group, 3 private (docs/wire/hosted-chat.md §5.1). */
export type DialogType = DialogTypeCode;

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
  /** Attachments the sender owned when the message was stored (docs/security.md "File access"). */
  shared_blob_ids: Generated<number[]>;
  created_at: CreatedAt;
  /** Arrival order, after `created_at` (whole milliseconds on the embedded database). */
  arrival: GeneratedAlways<string>;
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
  /** Upload order (`get` answers in it, docs/wire/hosted-chat.md §8). */
  position: GeneratedAlways<string>;
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
