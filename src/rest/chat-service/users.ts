/** Users (docs/wire/hosted-chat.md §4). */
import type { ChatServiceClient } from './client';
import type { ChatUser, Page } from './types';

export interface UserFields {
  login?: string;
  email?: string;
  password?: string;
  old_password?: string;
  full_name?: string;
  phone?: string;
  website?: string;
  external_user_id?: string | number;
  facebook_id?: string;
  twitter_id?: string;
  blob_id?: number;
  custom_data?: string;
  tag_list?: string[];
}

export type UserLookup =
  | { login: string }
  | { email: string }
  | { full_name: string }
  | { tags: string[] }
  | { facebook_id: string }
  | { twitter_id: string }
  | { phone: string }
  | { external: string | number };

/** `"<type> <field> <operator> <value>"` (§4); an array value is comma-joined. */
export function userFilter(
  field: string,
  operator: string,
  value: string | number | Array<string | number>,
): string {
  const first = Array.isArray(value) ? value[0] : value;
  const type = typeof first === 'number' ? 'number' : 'string';
  return `${type} ${field} ${operator} ${Array.isArray(value) ? value.join(',') : value}`;
}

const LOOKUP_PATHS: Record<string, string> = {
  login: 'users/by_login.json',
  email: 'users/by_email.json',
  full_name: 'users/by_full_name.json',
  tags: 'users/by_tags.json',
  facebook_id: 'users/by_facebook_id.json',
  twitter_id: 'users/by_twitter_id.json',
  phone: 'users/phone.json',
};

export const chatUsers = (client: ChatServiceClient) => ({
  /** `filter` items from {@link userFilter}; `order` as `"asc string full_name"`. */
  list: (params: { page?: number; per_page?: number; order?: string; filter?: string[] } = {}) =>
    client.request<Page<{ user: ChatUser }>>({ path: 'users.json', query: params }),

  /** By id → the user; by login/email/… → the user; by full name or tags → a page. */
  async get(lookup: number | UserLookup): Promise<ChatUser | Page<{ user: ChatUser }>> {
    if (typeof lookup === 'number')
      return (await client.request<{ user: ChatUser }>({ path: `users/${lookup}.json` })).user;
    if ('external' in lookup)
      return (await client.request<{ user: ChatUser }>({ path: `users/external/${lookup.external}.json` }))
        .user;
    const [key, value] = Object.entries(lookup)[0]!;
    const answer = await client.request<{ user?: ChatUser } & Partial<Page<{ user: ChatUser }>>>({
      path: LOOKUP_PATHS[key]!,
      query: { [key]: value },
    });
    return answer.user ?? (answer as Page<{ user: ChatUser }>);
  },

  async create(user: UserFields): Promise<ChatUser> {
    return (await client.request<{ user: ChatUser }>({ method: 'POST', path: 'users.json', form: { user } }))
      .user;
  },

  /** Changing the password needs `old_password`. */
  async update(id: number, user: UserFields): Promise<ChatUser> {
    return (
      await client.request<{ user: ChatUser }>({ method: 'PUT', path: `users/${id}.json`, form: { user } })
    ).user;
  },

  async delete(id: number | { external: string | number }): Promise<void> {
    const path = typeof id === 'number' ? `users/${id}.json` : `users/external/${id.external}.json`;
    await client.request({ method: 'DELETE', path, text: true });
  },

  async resetPassword(email: string): Promise<void> {
    await client.request({ path: 'users/password/reset.json', query: { email }, text: true });
  },
});
