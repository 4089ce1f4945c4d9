/**
 * A chat user in the vendor's shape (docs/wire/hosted-chat.md §4 "User fields"). Other users' email
 * and phone are not shown, as with the vendor's "hide email/phone" application setting: a
 * member must not learn another member's contact details from the user list.
 */
import type { Selectable } from 'kysely';
import type { ChatUsersTable } from '../db/schema';
import { isoSeconds } from './wire';

export type ChatUserRow = Selectable<ChatUsersTable>;

export function userJson(row: ChatUserRow, viewerId: number | null) {
  const self = viewerId === row.id;
  return {
    id: row.id,
    full_name: row.full_name || null,
    email: self ? row.email : null,
    login: row.login,
    phone: self ? row.phone : null,
    website: row.website,
    created_at: isoSeconds(row.created_at),
    updated_at: isoSeconds(row.updated_at),
    last_request_at: row.last_request_at ? isoSeconds(row.last_request_at) : null,
    external_user_id:
      row.external_user_id === null ? null : Number(row.external_user_id) || row.external_user_id,
    facebook_id: row.facebook_id,
    twitter_id: row.twitter_id,
    blob_id: row.blob_id,
    custom_data: row.custom_data,
    user_tags: row.user_tags.length ? row.user_tags.join(',') : null,
  };
}
