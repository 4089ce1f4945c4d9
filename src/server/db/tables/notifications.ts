/** Notifications, their settings and the app socket (migrations/0001, 0200, 0400, 0540). */
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, CreatedAt, DefaultNow } from './columns';

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

/** One row per server process and provider it holds app sockets for (several processes only). */
export interface AppSocketPresenceTable {
  process_id: string;
  provider_id: number;
  sockets: number;
  updated_at: DefaultNow;
}
