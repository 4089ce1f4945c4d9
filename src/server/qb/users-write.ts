/**
 * Creating and updating chat users (docs/wire/hosted-chat.md §4 `user[field]=…`): the vendor's
 * fields, its 422 field → messages errors. A provider's chat password, login and email belong to
 * the portal (the password is derived from a server key), so they cannot be changed here.
 */
import type { Updateable } from 'kysely';
import type { ServerContext } from '../context';
import type { ChatUsersTable } from '../db/schema';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { insertChatUser } from '../chat-identity/chat-users';
import { int32, list, str, type Params } from './params';
import type { ChatUserRow } from './user-format';
import { QbError } from './wire';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LOGIN = /^[\w.@+-]{3,50}$/;

function optionalText(user: Params, field: string, max: number): string | null | undefined {
  if (!(field in user)) return undefined;
  const value = str(user[field])?.trim() ?? '';
  if (value.length > max) throw QbError.invalid(field, `is too long (maximum is ${max} characters)`);
  return value || null;
}

function checkPassword(password: string | undefined, field = 'password'): string {
  if (!password || password.length < 8)
    throw QbError.invalid(field, 'is too short (minimum is 8 characters)');
  if (password.length > 128) throw QbError.invalid(field, 'is too long (maximum is 128 characters)');
  return password;
}

async function assertUnique(ctx: ServerContext, field: 'login' | 'email', value: string, exceptId?: number) {
  let query = ctx.db.selectFrom('chat_users').select('id').where(field, '=', value);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw QbError.invalid(field, 'has already been taken');
}

/** The profile fields both create and update accept. */
function profileFields(user: Params): Updateable<ChatUsersTable> {
  const fields: Updateable<ChatUsersTable> = {};
  const fullName = optionalText(user, 'full_name', 200);
  if (fullName !== undefined) fields.full_name = fullName ?? '';
  for (const field of ['phone', 'website', 'facebook_id', 'twitter_id'] as const) {
    const value = optionalText(user, field, 255);
    if (value !== undefined) fields[field] = value;
  }
  const custom = optionalText(user, 'custom_data', 10_000);
  if (custom !== undefined) fields.custom_data = custom;
  const external = optionalText(user, 'external_user_id', 64);
  if (external !== undefined) fields.external_user_id = external;
  if ('blob_id' in user) {
    const blobId = int32(user.blob_id);
    if (str(user.blob_id) && blobId === undefined) throw QbError.invalid('blob_id', 'is not a number');
    fields.blob_id = blobId ?? null;
  }
  if ('tag_list' in user) fields.user_tags = list(user.tag_list).slice(0, 50);
  return fields;
}

export async function createChatUser(ctx: ServerContext, user: Params): Promise<number> {
  const login = str(user.login)?.trim() || undefined;
  const email = str(user.email)?.trim().toLowerCase() || undefined;
  if (!login && !email) throw QbError.invalid('login', "can't be blank (give a login or an email)");
  if (login && !LOGIN.test(login)) throw QbError.invalid('login', 'must be 3–50 letters, digits or ._@+-');
  if (email && !EMAIL.test(email)) throw QbError.invalid('email', 'is invalid');
  const password = checkPassword(str(user.password));
  if (login) await assertUnique(ctx, 'login', login);
  if (email) await assertUnique(ctx, 'email', email);
  const fields = profileFields(user);
  if (fields.external_user_id) {
    const taken = await ctx.db
      .selectFrom('chat_users')
      .select('id')
      .where('external_user_id', '=', fields.external_user_id)
      .executeTakeFirst();
    if (taken) throw QbError.invalid('external_user_id', 'has already been taken');
  }
  const id = await insertChatUser(ctx.db, {
    kind: 'member',
    login,
    password,
    fullName: (fields.full_name as string | undefined) ?? '',
    email: email ?? null,
  });
  if (Object.keys(fields).length > 0) {
    await ctx.db.updateTable('chat_users').set(fields).where('id', '=', id).execute();
  }
  return id;
}

export async function updateChatUser(ctx: ServerContext, row: ChatUserRow, user: Params): Promise<void> {
  const fields = profileFields(user);
  const portalOwned = row.kind === 'provider';
  for (const field of ['password', 'login', 'email'] as const) {
    if (portalOwned && field in user) {
      throw new QbError(403, {
        [field]: [`A provider's chat ${field} is managed by the portal and cannot be changed here`],
      });
    }
  }
  if ('login' in user) {
    const login = str(user.login)?.trim() ?? '';
    if (!LOGIN.test(login)) throw QbError.invalid('login', 'must be 3–50 letters, digits or ._@+-');
    await assertUnique(ctx, 'login', login, row.id);
    fields.login = login;
  }
  if ('email' in user) {
    const email = str(user.email)?.trim().toLowerCase() ?? '';
    if (!EMAIL.test(email)) throw QbError.invalid('email', 'is invalid');
    await assertUnique(ctx, 'email', email, row.id);
    fields.email = email;
  }
  if ('password' in user) {
    const password = checkPassword(str(user.password));
    const old = str(user.old_password);
    if (!old || !(await verifyPassword(old, row.password_hash))) {
      throw QbError.invalid('old_password', 'is invalid');
    }
    fields.password_hash = await hashPassword(password);
  }
  fields.updated_at = new Date();
  await ctx.db.updateTable('chat_users').set(fields).where('id', '=', row.id).execute();
}
