/** Shapes the chat service answers with (docs/wire/hosted-chat.md §4–§9), as far as the portal reads them. */
import type { DialogTypeCode } from '../../shared/dialog-type';

export interface ChatUser {
  id: number;
  full_name: string | null;
  email: string | null;
  login: string;
  phone: string | null;
  website: string | null;
  created_at: string;
  updated_at: string;
  last_request_at: string | null;
  external_user_id: number | string | null;
  facebook_id: string | null;
  twitter_id: string | null;
  blob_id: number | null;
  custom_data: string | null;
  user_tags: string | null;
}

export interface Page<T> {
  current_page: number;
  per_page: number;
  total_entries: number;
  items: T[];
}

/** 1 public group, 2 group, 3 private (src/shared/dialog-type.ts). */
export type DialogType = DialogTypeCode;

export interface Dialog {
  _id: string;
  created_at: string;
  updated_at: string;
  last_message: string | null;
  last_message_date_sent: number | null;
  last_message_id: string | null;
  last_message_user_id: number | null;
  name: string;
  occupants_ids: number[];
  photo: string | null;
  type: DialogType;
  user_id: number;
  xmpp_room_jid: string | null;
  unread_messages_count: number;
  is_joinable: 0 | 1;
  data?: Record<string, unknown>;
}

export interface Attachment {
  id?: string;
  uid?: string;
  type: string;
  url?: string;
  name?: string;
  size?: number;
  [key: string]: string | number | undefined;
}

export interface Message {
  _id: string;
  chat_dialog_id: string;
  message: string | null;
  date_sent: number;
  sender_id: number;
  recipient_id: number;
  read_ids: number[];
  delivered_ids: number[];
  attachments: Attachment[];
  created_at: string;
  updated_at: string;
  read: 0 | 1;
  /** Custom fields. */
  [key: string]: unknown;
}

export interface DeleteResult {
  SuccessfullyDeleted: { ids: string[] };
  NotFound: { ids: string[] };
  WrongPermissions?: { ids: string[] };
}

export interface Blob_ {
  id: number;
  uid: string;
  content_type: string;
  name: string;
  size: number | null;
  created_at: string;
  updated_at: string;
  blob_status: 'complete' | null;
  set_completed_at: string | null;
  public: boolean;
  tag_list: string | null;
}

export interface BlobObjectAccess {
  id: number;
  blob_id: number;
  expires: string;
  object_access_type: string;
  /** The upload URL; its query pairs are the multipart fields (§6). */
  params: string;
}

export type CustomRecord = {
  _id: string;
  _parent_id: string | null;
  created_at: number;
  updated_at: number;
  user_id: number;
} & Record<string, unknown>;

export interface AccountSettings {
  account_id: number;
  api_endpoint: string;
  chat_endpoint: string;
  muc_endpoint?: string;
  websocket_endpoint?: string;
  bosh_endpoint?: string;
  turnserver_endpoint: string | null;
  ice_servers?: Array<{ urls: string | string[]; username?: string; credential?: string }>;
}
